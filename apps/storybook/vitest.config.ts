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
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
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
