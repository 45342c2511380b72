import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  describeInitialScripts,
  INITIAL_SCRIPTS_LIMIT_BYTES,
  measureInitialScripts,
} from './build/initial-scripts.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** Prints the initial JavaScript after a build, and fails the build above the budget. */
function initialScriptsBudget(): Plugin {
  let outDir = '';
  return {
    name: 'fahrwerk:initial-scripts-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const measured = measureInitialScripts(outDir);
      this.info(describeInitialScripts(measured));
      if (measured.gzipBytes > INITIAL_SCRIPTS_LIMIT_BYTES) {
        this.error(
          `${describeInitialScripts(measured)}: above the limit. Load what only feature screens use with their route (see src/screens/screens.tsx).`,
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), initialScriptsBudget()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // Our packages' modules do nothing on import. Saying so lets the bundler keep what
        // only the lazily loaded feature screens use (tables, date fields, forms) out of the
        // entry's chunks, although the entry imports the same packages' index files.
        moduleSideEffects: [
          {
            test: /[\\/]packages[\\/](?:ui|api|features[\\/][^\\/]+)[\\/]src[\\/].*\.tsx?$/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
