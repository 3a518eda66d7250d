import { clearAuth } from './auth-storage';

/** Signals the app shell listens to; the shell owns navigation and the query cache. */
export const FORCED_LOGOUT_EVENT = 'th:forced-logout';

/** Clears both stored credentials; the shell drops the cached profile and goes home. */
export function forceLogout() {
  clearAuth();
  window.dispatchEvent(new Event(FORCED_LOGOUT_EVENT));
}

export function onForcedLogout(listener: () => void) {
  window.addEventListener(FORCED_LOGOUT_EVENT, listener);
  return () => window.removeEventListener(FORCED_LOGOUT_EVENT, listener);
}
