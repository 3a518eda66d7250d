import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { LinkedAccount, Profile } from '@th/contracts';
import { TRADE_TIME_ZONE } from '@th/domain';
import { queryClient } from '@/lib/query-client';

/** A call's body: parsed JSON, or the FormData of an upload. */
export type Call = { method: string; path: string; query: Record<string, string>; body: unknown };
type Reply = { status?: number; body?: unknown } | 'network';
// A handler may answer later (a promise), so a test can see the page while a call is pending.
type Handler = (call: Call) => Reply | Promise<Reply>;

/**
 * Stands in for the server at the fetch boundary: each test says what the API answers and
 * reads back what the page sent. Unlisted calls answer 404 so a stray request shows up.
 */
export function fakeApi(routes: Record<string, Handler | Reply>) {
  const calls: Call[] = [];
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const call = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined };
    if (call.path !== '/sanctum/csrf-cookie') calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route(call) : (route ?? { status: 404, body: { message: 'No route.' } });
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a real route module inside a memory router with the app's query client. */
export function renderRoute(path: string, Component: ComponentType, url: string = path) {
  queryClient.clear();
  localStorage.setItem('th_auth', JSON.stringify({ access: 'token-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  const router = createMemoryRouter(
    [
      { path, Component: () => (<><Component /><Where /></>) },
      { path: '*', Component: Where },
    ],
    { initialEntries: [url] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

export function linkedAccount(overrides: Partial<LinkedAccount> = {}): LinkedAccount {
  return {
    id: '5b0c1f7e-6a43-4d0a-9a55-0c6f2b7d9e01',
    account_id: '1234567',
    name: 'TL Live Main',
    label: null,
    platform: 'TradeLocker',
    type: 'live',
    status: 'active',
    connection: 'healthy',
    balance: 25_340.5,
    currency: 'USD',
    disabled: false,
    last_synced_at: '2030-05-02T13:45:00.000Z',
    updated_at: '2030-05-02T13:45:00.000Z',
    alphaorb_bots_count: 2,
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'f1d7d0e4-5d7d-4b43-8f0c-1f0c9f4b1a11',
    first_name: 'Maya',
    last_name: 'Chen',
    username: 'maya@example.com',
    email: 'maya@example.com',
    phone: '+1 416 555 0100',
    birthday: '1990-04-12',
    avatar: null,
    timezone: TRADE_TIME_ZONE,
    created_at: '2029-11-03T15:00:00.000Z',
    last_login: '2030-05-02T13:00:00.000Z',
    status: 'active',
    permissions: [],
    roles: [],
    subscription: {
      plan: 'Trader plus Automation',
      renewal_date: '2030-11-03T15:00:00.000Z',
      vendor: 'stripe',
      access: 'Everything in Trader plus AlphaORB automation',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
    },
    linked_accounts: [linkedAccount()],
    ...overrides,
  };
}
