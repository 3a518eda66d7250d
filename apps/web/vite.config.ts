import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { routeChunks } from './build/route-chunks';
import { routeFiles } from './build/route-files';

// A new stamp per build: the client clears caches when it differs from th_app_version.
const buildStamp = new Date().toISOString();

export default defineConfig({
  plugins: [react(), routeFiles(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __BUILD_STAMP__: JSON.stringify(buildStamp) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sanctum': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Tiny shared chunks (a button, a date helper) cost a request each and a route needs a
    // dozen of them; the browser opens six connections per host, so a cold TradeDesk spent more
    // time queueing these than loading its data. Chunks under 2 KB are folded into others, and
    // what most platform pages share is one chunk (build/route-chunks.ts).
    rollupOptions: { output: { experimentalMinChunkSize: 2_000, manualChunks: routeChunks() } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Route tests render whole pages; a busy two-core CI machine needs more than the 5 s default.
    testTimeout: 20_000,
    passWithNoTests: true,
  },
});
