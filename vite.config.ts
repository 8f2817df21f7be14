import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export const alias = {
  '@': path.resolve(import.meta.dirname, 'client/src'),
  '@core': path.resolve(import.meta.dirname, 'core'),
};

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  // The manifest lets `npm run bench` count exactly the JavaScript that `/` loads.
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
