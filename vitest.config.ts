import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import SummaryReporter from './test/summary-reporter';

// Four projects: node-side unit/integration tests, the PostgreSQL tests (against a throw-away server their global
// setup starts), renderer component tests in jsdom, and the end-to-end tests that drive Debian's Chromium.
// `npm test` runs all four.
export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter()],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/renderer/**', 'test/postgres/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Against a throw-away PostgreSQL cluster that the global setup starts on 127.0.0.1 (test/support/pg-server.ts).
        test: {
          name: 'postgres',
          environment: 'node',
          include: ['test/postgres/**/*.test.ts'],
          globalSetup: ['test/support/pg-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/renderer-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // expect.poll's default (1 s) is shorter than a read of a block under CI's load; ui.ts eventually() waits 15 s too.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
