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
    // React and React DOM are CommonJS. Wrapped (the default), React DOM's 177 KB became one
    // function the entry calls at once, which V8 parsed a second time, on the main thread, when it
    // was called: hoisted as plain top-level code it is compiled while the file streams in. The
    // entry's evaluation, median of 30 cold loads: 75 → 59 ms (docs/benchmarks.md).
    commonjsOptions: { strictRequires: false },
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
