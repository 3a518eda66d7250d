import { APP_VERSION_KEY } from './auth-storage';

/**
 * When a new build is served, drop what older builds cached (Cache Storage and any service
 * worker) so members never run a stale mix of chunks.
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
    await Promise.all(registrations.map((registration) => registration.unregister()));
  }
}
