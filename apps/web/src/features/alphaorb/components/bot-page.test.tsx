import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_MONITOR } from '../utils/sample-data';
import { BotPage } from './bot-page';
import { renderWithClient } from '../../../../test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the bot's three calls; `bot` answers GET /api/alphaorb/bots/{id}. */
function serve(bot: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname.endsWith('/monitor')) return json({ ...SAMPLE_MONITOR, bot: { ...SAMPLE_MONITOR.bot, label: 'From the monitor' } });
    if (url.pathname.endsWith('/overview')) return json({ summary: null, trades: [] }, 500);
    return bot();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  return renderWithClient(<BotPage botId="b-1" />);
}

afterEach(() => vi.unstubAllGlobals());

describe('bot detail page', () => {
  it('[T22] loads the bot with GET /api/alphaorb/bots/{id}', async () => {
    const detail = {
      bot: { id: 'b-1', label: 'Morning NAS100', instrument: 'NAS100', orb_start_local: '09:30', orb_minutes: 15, trading_account_label: 'Apex Live', test_mode: false },
      metrics: null,
      trades: [],
    };
    const fetch = serve(() => json(detail));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Morning NAS100' })).toBeVisible();
    expect(screen.getByText('NAS100 · 09:30 · 15 min · Apex Live')).toBeVisible();
    expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://app.test').pathname)).toContain('/api/alphaorb/bots/b-1');
  });

  it.each([
    [404, 'Bot not found.'],
    [500, 'Request failed (500)'],
  ])('[T18] shows sample data with the error when the bot answers %i', async (status, message) => {
    serve(() => json({ message: 'nope' }, status));
    renderPage();
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('heading', { name: SAMPLE_MONITOR.bot.label })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bot settings' })).toBeNull();
  });
});
