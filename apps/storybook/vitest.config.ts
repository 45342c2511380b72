import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Debian's Chromium; nothing downloads a browser of its own.
const chromium = () =>
  playwright({
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  });

// Every story runs as a test in Chromium: render, play function, accessibility checks.
export default defineConfig({
  // React's production build, as the back office and the static Storybook ship it: the stories
  // test what users run, and the development build's checks and component stacks made the
  // stories about 20 % slower (broadcasts, mailbox, accounting: 46.5 s → 37.1 s of tests).
  // No code of ours reads the mode.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  mode: 'production',
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
  // Pre-bundled at start: a dependency Vite first meets while the stories run makes it reload
  // the page, and with every story file in one page (isolate: false) that fails the run.
  optimizeDeps: { include: ['recharts'] },
  test: {
    name: 'storybook',
    // Dialog stories click through several steps; on a busy 2-core CI machine 15 s is short.
    testTimeout: 60_000,
    // One page for all story files: the preview, MSW's worker and the shared modules load once
    // instead of once per file (setup 132 s → about 20 s of a 54-file run). Stories share no
    // state but what the preview resets before each one (toasts, MSW handlers, fresh query
    // client and i18n per story).
    isolate: false,
    // A fresh object: Vitest mutates `instances`.
    browser: {
      enabled: true,
      headless: true,
      provider: chromium(),
      instances: [{ browser: 'chromium' }],
    },
  },
});
