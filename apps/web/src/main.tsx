import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from '@/app/router';
import { applyBuildStamp } from '@/lib/build-stamp';
import { queryClient } from '@/lib/query-client';
import '@/styles/global.css';

void applyBuildStamp(__BUILD_STAMP__);

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
