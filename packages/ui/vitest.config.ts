import { defineConfig } from 'vitest/config';

// Unit tests of the pure helpers (formatting, password rules); components are tested as
// stories in apps/storybook.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
