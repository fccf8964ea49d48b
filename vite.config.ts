import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Production build of the renderer into dist/renderer, loaded by the window from file:// (relative base).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true },
});
