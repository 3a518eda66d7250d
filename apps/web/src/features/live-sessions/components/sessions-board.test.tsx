import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Replay } from '@th/contracts';
import { liveSessionFixture } from '../../../../test/live-session-fixture';
import { SessionsBoard } from './sessions-board';
import { renderWithClient } from '../../../../test/render';

const replay = (n: number, over: Partial<Replay> = {}): Replay => ({
  id: `r${n}`,
  title: `Replay ${n}`,
  recordedAt: `2026-01-0${n}T15:00:00Z`,
  watchUrl: `https://zoom.us/rec/share/${n}`,
  downloadUrl: `https://zoom.us/rec/download/${n}`,
  duration: 6240,
  topics: ['Opening range'],
  passcode: null,
  mentor: null,
  ...over,
});

const session = liveSessionFixture;

const NY = session({
  id: 'ny',
  title: 'New York Open',
  schedule: 'New York · 9:15 AM Eastern · Monday to Friday',
  expectations: ['Pre-market game plan'],
  replays: [replay(4), replay(3, { watchUrl: null, downloadUrl: null }), replay(2), replay(1)],
});
const ASIA = session({
  id: 'asia',
  title: 'Asia Live',
  days: [3],
  time: { hour: 20, minute: 0 },
  time_end: null,
  timezone: 'America/Toronto',
});
const RECAP = session({
  id: 'recap',
  title: 'Weekly Market Recap',
  type: 'recap',
  days: [],
  time: null,
  time_end: null,
  isLive: true,
});

function renderBoard(body: unknown, { status = 200, zone = 'Europe/London' } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  return renderWithClient(<SessionsBoard memberZone={zone} />);
}

const desktopAgent = navigator.userAgent;
function useAgent(userAgent: string, maxTouchPoints = 0) {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true });
}

// Monday 5 January 2026, 9:30 AM in New York.
beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-05T14:30:00Z'), toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAgent(desktopAgent);
});

describe('SessionsBoard', () => {
  it('shows live and recap columns with badges, next starts in the member zone and up to 3 replays', async () => {
    renderBoard({ data: [NY, ASIA, RECAP] });
    expect(screen.getByText('Loading live sessions…')).toBeInTheDocument();
    const live = await screen.findByRole('region', { name: 'Live sessions' });
    const recaps = screen.getByRole('region', { name: 'Recap sessions' });

    const ny = within(live).getByRole('article', { name: /New York Open/ });
    expect(within(ny).getByText('Live now')).toBeInTheDocument();
    expect(ny).toHaveTextContent('New York · 9:15 AM Eastern · Monday to Friday');
    // 11:00 AM New York is 4:00 PM in London.
    expect(ny).toHaveTextContent('On air until 4:00 PM GMT');
    expect(within(ny).getByRole('link', { name: 'Open in Platform' })).toHaveAttribute(
      'href',
      '/sessions/live/ny',
    );
    expect(
      within(ny)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Pre-market game plan');
    expect(within(ny).getByText('Replay 4')).toBeInTheDocument();
    expect(within(ny).queryByText('Replay 1')).not.toBeInTheDocument();
    expect(within(ny).getByRole('link', { name: 'Watch: Replay 4' })).toHaveAttribute(
      'href',
      'https://zoom.us/rec/share/4',
    );
    expect(within(ny).getByRole('link', { name: 'Download: Replay 4' })).toHaveAttribute(
      'href',
      'https://zoom.us/rec/download/4',
    );
    expect(within(ny).getAllByText('Coming soon')).toHaveLength(1);
    expect(ny).toHaveTextContent('Jan 4, 2026 · 1h 44m');

    const asia = within(live).getByRole('article', { name: /Asia Live/ });
    expect(within(asia).queryByText('Live now')).not.toBeInTheDocument();
    // Wednesday 8:00 PM Toronto is Thursday 1:00 AM in London.
    expect(asia).toHaveTextContent('Next session: Thu, Jan 8 · 1:00 AM GMT');
    expect(asia).toHaveTextContent('Live trade calls and narrative from the desk');
    expect(asia).toHaveTextContent('Rapid-fire Q&A with senior mentors');
    expect(asia).toHaveTextContent('Replay uploaded within 12 hours');
    expect(asia).toHaveTextContent('Replays coming soon.');
    expect(asia).toHaveTextContent('Recordings will appear here once uploaded.');

    // Recaps are never live, whatever the flag says.
    const recap = within(recaps).getByRole('article', { name: /Weekly Market Recap/ });
    expect(within(recap).queryByText('Live now')).not.toBeInTheDocument();
    expect(recap).not.toHaveTextContent('Next session');
  });

  it('[P101] lists a session’s own expectations, else the three defaults', async () => {
    renderBoard({ data: [NY, ASIA] });
    const live = await screen.findByRole('region', { name: 'Live sessions' });
    const expectations = (name: RegExp) =>
      within(within(live).getByRole('article', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(expectations(/New York Open/)).toContain('Pre-market game plan');
    expect(expectations(/New York Open/)).not.toContain('Rapid-fire Q&A with senior mentors');
    expect(expectations(/Asia Live/)).toEqual(
      expect.arrayContaining([
        'Live trade calls and narrative from the desk',
        'Rapid-fire Q&A with senior mentors',
        'Replay uploaded within 12 hours',
      ]),
    );
  });

  it('[P106] names each empty state', async () => {
    const { unmount } = renderBoard({ data: [] });
    expect(
      await screen.findByText('No live sessions have been scheduled yet.'),
    ).toBeInTheDocument();
    unmount();
    const second = renderBoard({ data: [RECAP] });
    expect(await screen.findByText('No live sessions scheduled.')).toBeInTheDocument();
    second.unmount();
    renderBoard({ data: [ASIA] });
    expect(await screen.findByText('No recap sessions published yet.')).toBeInTheDocument();
  });

  it.each([
    [401, 'You need to sign in again to view live sessions.'],
    [403, 'You need to sign in again to view live sessions.'],
    [500, 'Unable to load sessions (500)'],
  ])('[P105] explains a %i', async (status, message) => {
    renderBoard({ message: 'Nope.' }, { status });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('falls back to the generic message when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SessionsBoard memberZone="America/Toronto" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load live sessions.');
  });

  it.each([
    [
      'iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      5,
    ],
    [
      'iPadOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15',
      5,
    ],
  ])('hides the platform button on %s with the notice', async (_device, agent, touch) => {
    useAgent(agent, touch);
    renderBoard({ data: [NY] });
    expect(
      await screen.findByText('This device does not support In Platform streaming.'),
    ).toBeInTheDocument();
    await screen.findByRole('article', { name: /New York Open/ });
    expect(screen.queryByRole('link', { name: 'Open in Platform' })).not.toBeInTheDocument();
  });

  it('keeps the button on a desktop Mac', async () => {
    useAgent(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/126 Safari/537.36',
      0,
    );
    renderBoard({ data: [NY] });
    expect(await screen.findByRole('link', { name: 'Open in Platform' })).toBeInTheDocument();
    expect(
      screen.queryByText('This device does not support In Platform streaming.'),
    ).not.toBeInTheDocument();
  });
});
