import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuth } from '@/lib/auth-storage';
import { readMembershipNotice } from '@/lib/membership-notice';
import { queryClient } from '@/lib/query-client';
import { requireActiveMembership } from './guards';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

/** Runs the gated routes' loader for `path` and returns where it redirected (null: let through). */
async function guard(path: string): Promise<string | null> {
  const args = { request: new Request(`http://localhost${path}`), params: {}, context: {} } as LoaderFunctionArgs;
  try {
    await requireActiveMembership(args);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const answerProfile = (reply: () => Response | Promise<Response>) => vi.stubGlobal('fetch', vi.fn(reply));

describe('the membership guard of the gated area', () => {
  it('[P130] sends a visitor without a stored token to /account?notice=suspended, keeping the page asked for', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await guard('/tradelog?range=week')).toBe('/account?notice=suspended&next=%2Ftradelog%3Frange%3Dweek');
    expect(readMembershipNotice()?.message).toBe('Your membership is inactive. Update billing to regain access.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an active member through', async () => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    answerProfile(() => new Response(JSON.stringify({ data: { status: 'active' } }), { status: 200 }));
    expect(await guard('/dashboard')).toBeNull();
    expect(readMembershipNotice()).toBeNull();
  });

  it.each([
    ['a server error', () => new Response(JSON.stringify({ message: '' }), { status: 500 })],
    ['a not-found answer', () => new Response(null, { status: 404 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('[P132] counts %s of the profile call as not active', async (_case, reply) => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    answerProfile(reply);
    expect(await guard('/dashboard')).toBe('/account?notice=suspended');
    expect(readMembershipNotice()?.message).toBe('Your membership is inactive. Update billing to regain access.');
  });
});
