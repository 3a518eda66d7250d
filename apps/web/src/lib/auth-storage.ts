/** Browser storage of the sign-in, exactly as the spec names it (§3 "Stored auth"). */
export const AUTH_KEY = 'th_auth';
export const LEGACY_TOKEN_KEY = 'th_api_token';
export const APP_VERSION_KEY = 'th_app_version';

type StoredAuth = { access: string; exp: number };

function readAuth(): StoredAuth | null {
  try {
    const value = JSON.parse(localStorage.getItem(AUTH_KEY) ?? 'null') as Partial<StoredAuth> | null;
    return value && typeof value.access === 'string' ? { access: value.access, exp: Number(value.exp) || 0 } : null;
  } catch {
    return null;
  }
}

/** The access token to send: th_auth while not past exp, else the legacy single token. */
export function accessToken(nowSeconds = Date.now() / 1000): string | null {
  const auth = readAuth();
  if (auth && auth.exp > nowSeconds) return auth.access;
  return localStorage.getItem(LEGACY_TOKEN_KEY) || null;
}

export const hasValidToken = () => accessToken() !== null;

export function storeAuth(access: string, exp: number) {
  localStorage.setItem(AUTH_KEY, JSON.stringify({ access, exp }));
}

export function clearAuth() {
  localStorage.removeItem(AUTH_KEY);
  localStorage.removeItem(LEGACY_TOKEN_KEY);
}
