import { init, type ErrorEvent } from '@sentry/browser';

/**
 * What leaves the browser: the error, its stack and the page's path. Not the query string (it
 * can hold an e-mail), not a reset or invite token, not cookies or headers, not who the member is, and no
 * breadcrumbs (they record URLs and console lines).
 */
export function scrubbed(event: ErrorEvent): ErrorEvent {
  delete event.user;
  delete event.breadcrumbs;
  if (event.request) {
    const url = event.request.url ? new URL(event.request.url) : null;
    // Reset and invite links carry their secret in the path itself.
    const path = url?.pathname.replace(/^\/(password\/reset|account\/invite)\/[^/]+/, '/$1/:token');
    event.request = url ? { url: `${url.origin}${path}` } : {};
  }
  return event;
}

/**
 * Uncaught errors and rejections to a Sentry-compatible service. Loaded only when the build was
 * given VITE_SENTRY_DSN (main.tsx imports it behind that check), so without one the SDK is not
 * even in the bundle.
 */
export function startErrorReporting(dsn: string) {
  init({ dsn, beforeSend: scrubbed, environment: import.meta.env.MODE });
}
