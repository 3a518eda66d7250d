import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The SPA's build step, shared: the Zoom SDK bundle is 3.2 MB before compression.
import { precompress } from '../web/build/precompress';

// The Zoom live client: React 18 + @zoom/meetingsdk, kept apart from the React 19 SPA and
// served by the API server at /live-client/ with cross-origin isolation headers.
export default defineConfig({
  base: '/live-client/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 6000 },
});
