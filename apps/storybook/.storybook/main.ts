import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

const config: StorybookConfig = {
  // Globs are relative to this folder: every story of the ui package and of every feature,
  // and this app's own stories of several features together.
  stories: [
    '../../../packages/ui/src/**/*.stories.tsx',
    '../../../packages/features/*/src/**/*.stories.tsx',
    '../src/**/*.stories.tsx',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  // msw's mockServiceWorker.js, generated: `msw init .storybook/generated --no-save`.
  staticDirs: ['./generated'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook's highlight feature (the a11y panel's "highlight" of an element) watches every
  // DOM change of a story and then reads the computed style of every element on the page; in
  // the test runs nobody looks at highlights, so they go without it (the scheduler's
  // 1,200-entry story painted in ~610 instead of ~780 ms, medians of five runs each).
  features: { highlight: !process.env.VITEST },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // The build is served under /storybook/ by the server: load every asset relatively.
      base: './',
      plugins: [tailwindcss()],
    });
  },
};

export default config;
