import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSession } from '@th/contracts';
import { liveSessionFixture } from '../../../../test/live-session-fixture';
import { LiveSessionView } from './live-session-view';
import { renderWithClient } from '../../../../test/render';

const NY: LiveSession = liveSessionFixture({
  id: 'ny',
  title: 'New York Open',
  schedule: 'New York · 9:15 AM Eastern · Monday to Friday',
});
const RECAP: LiveSession = {
  ...NY,
  id: 'recap',
  type: 'recap',
  title: 'Weekly Market Recap',
  meetingNumber: null,
  passcode: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderView(sessionId: string | undefined, signature: () => Response) {
  document.cookie = 'XSRF-TOKEN=test-token';
  const fetchMock = vi.fn(async (url: string) =>
    String(url).includes('/signature') ? signature() : json({ data: [NY, RECAP] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithClient(<LiveSessionView sessionId={sessionId} memberZone="America/Toronto" />);
  return fetchMock;
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-05T12:00:00Z'), toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveSessionView', () => {
  it('opens the isolated live client when In Platform streaming is available', async () => {
    renderView('ny', () =>
      json({
        signature: 'a.b.c',
        sdkKey: 'k',
        meetingNumber: '84152093317',
        passcode: 'NYopen915',
        userName: 'Maya Chen',
        userEmail: 'm@x',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New York Open' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Next session: Mon, Jan 5 · 9:15 AM EST')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Join in Platform' })).toHaveAttribute(
      'href',
      '/live-client/?session=ny',
    );
    expect(screen.getByText('84152093317')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the Zoom app' })).toHaveAttribute(
      'href',
      'https://zoom.us/j/84152093317',
    );
  });

  it('says how to join from Zoom when the server has no Zoom credentials', async () => {
    const message =
      'In Platform streaming is not available right now. Join from the Zoom app with meeting number 84152093317 and passcode NYopen915.';
    renderView('ny', () => json({ message }, 503));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join in Platform' })).not.toBeInTheDocument();
    expect(screen.getByText('NYopen915')).toBeInTheDocument();
  });

  it('shows recaps with their replays and no join', async () => {
    const fetchMock = renderView('recap', () => json({}, 500));
    expect(
      await screen.findByText(
        'Recap sessions have no live meeting to join. Watch the replays instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Replays coming soon.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/signature'))).toBe(false);
  });

  it('reports an unknown session and offers the way back', async () => {
    renderView('missing', () => json({}, 500));
    expect(await screen.findByText('This live session could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Live Sessions' })).toHaveAttribute(
      'href',
      '/sessions',
    );
  });

  it('lists the live sessions when no session is chosen', async () => {
    renderView(undefined, () => json({}, 500));
    expect(await screen.findByRole('link', { name: 'New York Open' })).toHaveAttribute(
      'href',
      '/sessions/live/ny',
    );
    expect(screen.queryByRole('link', { name: 'Weekly Market Recap' })).not.toBeInTheDocument();
  });
});
