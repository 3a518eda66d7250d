import { APP_VERSION_KEY } from './auth-storage';

/** The push service worker (apps/web/public/sw.js): it serves no files, and unregistering it would end the device's push. */
const PUSH_WORKER = '/sw.js';

const isPushWorker = (registration: ServiceWorkerRegistration) =>
  [registration.active, registration.waiting, registration.installing].some(
    (worker) => worker !== null && new URL(worker.scriptURL).pathname === PUSH_WORKER,
  );

/**
 * When a new build is served, drop what older builds cached (Cache Storage and any service
 * worker but the push one) so members never run a stale mix of chunks.
 */
export async function applyBuildStamp(stamp: string) {
  const previous = localStorage.getItem(APP_VERSION_KEY);
  if (previous === stamp) return;
  localStorage.setItem(APP_VERSION_KEY, stamp);
  if (previous === null) return;
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.filter((registration) => !isPushWorker(registration)).map((registration) => registration.unregister()));
  }
}
