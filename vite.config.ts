/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vite builds the console (src/ → dist/); Vitest runs the test projects:
 * unit (pure domain and console units), api (real server + database), ocpp (real WebSocket
 * clients) and e2e (Chromium against the built console).
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
  server: {
    proxy: { '/sp': 'http://127.0.0.1:8080', '/ocpp': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
  test: {
    // Vitest's default is one worker fewer than the cores (one worker on a 2-core machine), while
    // most of a test's time here is spent waiting on a server, a database or a browser. Every file
    // owns its database, ports and data directory, so files run side by side.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      {
        extends: true,
        // Console render tests (jsdom, user events) take a few seconds each on a busy 2-core machine:
        // the bound only stops a hung test, it measures nothing.
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'ocpp', include: ['tests/ocpp/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
