import { fahrwerkScopedCss } from '@fahrwerk/ui/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Fahrwerk server the host talks to (through its own /api proxy, like a reverse proxy).
const fahrwerk = process.env.FAHRWERK_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), fahrwerkScopedCss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': fahrwerk } },
  preview: { proxy: { '/api': fahrwerk } },
});
