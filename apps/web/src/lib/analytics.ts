import { apiUrl } from './api-client';

/** First-party page-view log; sendBeacon survives the page unloading. */
export function trackPageView(path: string) {
  const body = JSON.stringify({ path, referrer: document.referrer || undefined });
  const blob = new Blob([body], { type: 'application/json' });
  if (navigator.sendBeacon?.(apiUrl('/api/analytics/page-views'), blob)) return;
  void fetch(apiUrl('/api/analytics/page-views'), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
