import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Zoom live client: React 18 + @zoom/meetingsdk, kept apart from the React 19 SPA and
// served by the API server at /live-client/ with cross-origin isolation headers.
export default defineConfig({
  base: '/live-client/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 6000 },
});
