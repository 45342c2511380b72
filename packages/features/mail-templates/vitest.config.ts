// Its tests run in the feature packages' one Vitest process (core's
// `vitest.features.config.ts`), which takes this file as a project; jsdom comes from there.
export default {
  test: { name: 'mail-templates', include: ['src/**/*.test.ts'], environment: 'jsdom' },
};
