import { CLIENT_VERSION, type QueryValue } from '@th/contracts/client';
import { brand } from '@/config/brand';

/*
 * The address and headers of a call, apart from the API client so that TradeDesk's first-calls
 * script (src/first-calls.ts, built on its own) asks exactly what the client will ask.
 */

export function apiUrl(path: string, query?: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${brand.apiHost}${path}${search ? `?${search}` : ''}`;
}

/** The headers of every call (spec §7); writes add their XSRF and requested-with headers. */
export function baseHeaders(token: string | null): Record<string, string> {
  return {
    Accept: 'application/json',
    'X-Client-Version': CLIENT_VERSION,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}
