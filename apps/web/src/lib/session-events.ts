import { clearAuth } from './auth-storage';

/** Signals the app shell listens to; the shell owns navigation and the query cache. */
export const FORCED_LOGOUT_EVENT = 'th:forced-logout';

/**
 * Clears both stored credentials; the shell drops the cached profile and goes to `destination`
 * (home unless the caller names where, e.g. the sign-in page).
 */
export function forceLogout(destination?: string) {
  clearAuth();
  window.dispatchEvent(new CustomEvent<string | undefined>(FORCED_LOGOUT_EVENT, { detail: destination }));
}

export function onForcedLogout(listener: (destination: string | undefined) => void) {
  const handle = (event: Event) => listener((event as CustomEvent<string | undefined>).detail);
  window.addEventListener(FORCED_LOGOUT_EVENT, handle);
  return () => window.removeEventListener(FORCED_LOGOUT_EVENT, handle);
}
