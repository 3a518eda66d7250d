import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from '@/app/router';
import { applyBuildStamp } from '@/lib/build-stamp';
import { queryClient } from '@/lib/query-client';
import '@/styles/global.css';

void applyBuildStamp(__BUILD_STAMP__);

// Off unless the build names a DSN: the check is a constant, so without one the SDK's chunk is
// never built, and with one it loads after the first render.
if (import.meta.env.VITE_SENTRY_DSN) {
  const dsn = import.meta.env.VITE_SENTRY_DSN;
  void import('@/lib/error-reporting').then(({ startErrorReporting }) => startErrorReporting(dsn));
}

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
