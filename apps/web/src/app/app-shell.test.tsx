/**
 * Scroll restoration of the app shell, and what it costs: a reload returns to the place left
 * with the page rendered once (issue #27: React Router's `ScrollRestoration` rendered every
 * route a second time on such a load, TradeDesk's calendar and trades included).
 */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AppShell } from './app-shell';

let pageRenders = 0;

/** Reads its month from the address, as TradeDesk does: it renders whenever the route context does. */
function TradeDeskPage() {
  pageRenders += 1;
  const [search] = useSearchParams();
  return (
    <>
      <h1>TradeDesk</h1>
      <p>{search.get('month')}</p>
      <Link to="/terms">Terms</Link>
    </>
  );
}

const routes = [
  {
    Component: AppShell,
    children: [
      { path: '/tradedesk', Component: TradeDeskPage },
      { path: '/terms', element: <h1>Terms</h1> },
    ],
  },
];

/** Where the page was scrolled to, last. */
let scrolledTo: number[] = [];

/** The member scrolls the page to `y`. */
function scrollPage(y: number) {
  vi.stubGlobal('scrollY', y);
  window.dispatchEvent(new Event('scroll'));
}

/** Opens `address` as a new document does: a fresh router, whose first page is keyed "default". */
async function openDocument(address: string, heading: string) {
  pageRenders = 0;
  scrolledTo = [];
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  const view = render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: heading });
  // Lets any render the router scheduled after the first commit run.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return { router, close: () => view.unmount() };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  vi.stubGlobal('scrollTo', (_x: number, y: number) => {
    scrolledTo.push(y);
    vi.stubGlobal('scrollY', y);
  });
  scrollPage(0);
});

afterEach(() => vi.unstubAllGlobals());

it('a reload returns to the place left and renders the page once', async () => {
  const page = await openDocument('/tradedesk?month=2026-11', 'TradeDesk');
  scrollPage(640);
  window.dispatchEvent(new Event('pagehide'));
  page.close();

  await openDocument('/tradedesk?month=2026-11', 'TradeDesk');
  expect(window.scrollY).toBe(640);
  expect(pageRenders).toBe(1);
});

it('a page opened by its address starts at its top, however far the page before it was scrolled', async () => {
  const page = await openDocument('/tradedesk', 'TradeDesk');
  scrollPage(640);
  window.dispatchEvent(new Event('pagehide'));
  page.close();

  await openDocument('/terms', 'Terms');
  expect(scrolledTo).toEqual([0]);
});

it('a page reached by a link opens at its top, and back returns to the place left', async () => {
  const { router } = await openDocument('/tradedesk', 'TradeDesk');
  scrollPage(900);
  await act(() => router.navigate('/terms'));
  expect(window.scrollY).toBe(0);
  await act(() => router.navigate(-1));
  await screen.findByRole('heading', { name: 'TradeDesk' });
  expect(window.scrollY).toBe(900);
});
