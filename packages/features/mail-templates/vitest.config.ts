// No import of 'vitest/config': this package has no Vitest of its own. Its tests run in the
// feature packages' one Vitest process (core's `vitest.features.config.ts`), which takes
// this file as a project; jsdom comes from there too.
export default {
  test: { name: 'mail-templates', include: ['src/**/*.test.ts'], environment: 'jsdom' },
};
