import { entryEndpoints } from '@th/contracts/client';
import { apiUrl, type ApiBody } from './api-client';

const pageViews = entryEndpoints.recordPageView;

/** First-party page-view log; sendBeacon survives the page unloading, so not through `api.call`. */
export function trackPageView(path: string) {
  const view: ApiBody<typeof pageViews> = { path, referrer: document.referrer || undefined };
  const body = JSON.stringify(view);
  const blob = new Blob([body], { type: 'application/json' });
  if (navigator.sendBeacon?.(apiUrl(pageViews.path), blob)) return;
  void fetch(apiUrl(pageViews.path), {
    method: pageViews.method,
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
