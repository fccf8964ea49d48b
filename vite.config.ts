import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Production build of the renderer into dist/renderer, loaded by the window from file:// (relative base).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  // A desktop app loads its bundle from disk, so one ~1 MB chunk is fine (no network to split for).
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
