import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { storeAuth } from '@/lib/auth-storage';
import { FORCED_LOGOUT_EVENT } from '@/lib/session-events';
import { getProfile, PROFILE_REQUEST_FAILED } from './get-profile';

afterEach(() => vi.unstubAllGlobals());

/** The forced sign-outs `call` caused. */
async function signOuts(call: () => Promise<unknown>) {
  let count = 0;
  const listener = () => (count += 1);
  window.addEventListener(FORCED_LOGOUT_EVENT, listener);
  const error = await call().catch((failure: unknown) => failure);
  window.removeEventListener(FORCED_LOGOUT_EVENT, listener);
  return { count, error };
}

describe('the profile call', () => {
  it.each([
    ['under data', (profile: object) => ({ data: profile })],
    ['bare', (profile: object) => profile],
  ])('[P124] reads the profile %s', async (_shape, wrap) => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    const profile = { first_name: 'Maya', last_name: 'Chen', email: 'maya@example.com', status: 'active' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(wrap(profile)), { status: 200 })));
    await expect(getProfile()).resolves.toEqual(profile);
  });

  it('[P142] signs the member out when the network fails while loading the profile', async () => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { count } = await signOuts(getProfile);
    expect(count).toBe(1);
    expect(localStorage.getItem('th_auth')).toBeNull();
  });

  it('[P151] reads "Profile request failed" when the server said nothing, and keeps the member signed in', async () => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 500 })));
    const { count, error } = await signOuts(getProfile);
    expect(count).toBe(0);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(PROFILE_REQUEST_FAILED);
    expect((error as ApiError).status).toBe(500);
  });
});
