/*
 * The push service worker: shows each push as a notification and, on a click, focuses the
 * platform's tab on its page or opens one. It has no fetch handler, so it never serves the app's
 * files and cannot hold a member on an old build (lib/build-stamp.ts keeps it across builds).
 * Served from public/ with `Cache-Control: no-cache`, so a changed worker is picked up at once.
 */
const FALLBACK_PATH = '/notifications';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'New notification', {
      body: message.body || '',
      // One notification per event on this device, should the same push arrive twice.
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url || FALLBACK_PATH },
    }),
  );
});

/** The page to open, always on this origin: a push names a page of the platform, never elsewhere. */
function pageOf(notification) {
  try {
    const url = new URL(notification.data && notification.data.url, self.location.origin);
    return new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_PATH, self.location.origin).href;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const href = pageOf(event.notification);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = tabs.find((tab) => tab.url === href);
      if (same) return same.focus();
      const tab = tabs.find((candidate) => 'navigate' in candidate);
      if (tab) {
        try {
          const moved = await tab.navigate(href);
          if (moved) return moved.focus();
        } catch {
          // A tab this worker does not control cannot be navigated: a new window instead.
        }
      }
      return self.clients.openWindow(href);
    })(),
  );
});
