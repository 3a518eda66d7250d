import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { pageTitle } from '@/config/brand';
import { paths } from '@/config/paths';
import { profileQueryKey } from '@/features/auth/api/get-profile';
import { useAfterPaint } from '@/lib/after-paint';
import { trackPageView } from '@/lib/analytics';
import { onMembershipNotice } from '@/lib/membership-notice';
import { queryClient } from '@/lib/query-client';
import { onForcedLogout } from '@/lib/session-events';
import type { RouteHandle } from './route-handle';
import { ScrollRestoration } from './scroll-restoration';

/** Releases a scroll lock a drawer or the mobile sidebar may have left on the body. */
export function clearScrollLock() {
  document.body.style.removeProperty('overflow');
  document.body.classList.remove('scroll-locked');
}

/**
 * The root of every route: page titles, page views, scroll restoration, and the reactions to
 * the API client's two signals (forced logout, inactive membership).
 */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();

  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  useEffect(() => clearScrollLock(), [location.pathname]);
  // The first page's view is logged once it is on screen (lib/after-paint.ts), not in the
  // task that shows it.
  const painted = useAfterPaint();
  useEffect(() => {
    if (painted) trackPageView(location.pathname);
  }, [painted, location.pathname]);

  useEffect(
    () =>
      onForcedLogout((destination) => {
        queryClient.removeQueries({ queryKey: profileQueryKey });
        queryClient.clear();
        void navigate(destination ?? paths.home, { replace: true });
      }),
    [navigate],
  );

  useEffect(
    () =>
      onMembershipNotice((notice) => {
        if (notice && !window.location.pathname.startsWith(paths.account)) {
          void navigate(paths.accountSuspended, { replace: true });
        }
      }),
    [navigate],
  );

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
