import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MonitorResponse } from '@th/contracts';
import { BOT_ID, botDetailAnswer, botFixture, monitorFixture, monitorRunFixture } from '../../../test/bot-fixture';
import { Component } from './alphaorb-bot';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const MONITOR_PATH = `/api/alphaorb/bots/${BOT_ID}/monitor`;
const MONITOR = `GET ${MONITOR_PATH}`;
const NONE_ALLOWED = { canRunToday: false, canCancelRun: false, canPauseBot: false, canResumeBot: false, canHardStop: false };
const ALL_ALLOWED = { canRunToday: true, canCancelRun: true, canPauseBot: true, canResumeBot: true, canHardStop: true };
const current = monitorRunFixture({ id: 'run-today', stateLabel: 'Monitoring breakout', tradingDay: '2026-01-08' });
const upcoming = monitorRunFixture({ id: 'run-next', state: 'idle', stateLabel: 'Waiting for Friday', tradingDay: '2026-01-09' });

/** The bot page with the monitor answering `monitor` (a payload or a handler). */
function openBot(monitor: Parameters<typeof fakeApi>[0][string], routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/me': { body: { data: profile({ permissions: ['alphaorb.manage'] }) } },
    [`GET /api/alphaorb/bots/${BOT_ID}`]: botDetailAnswer(),
    [`GET /api/alphaorb/bots/${BOT_ID}/overview`]: { body: { summary: botDetailAnswer().body.metrics, trades: [] } },
    [MONITOR]: monitor,
    ...routes,
  });
  renderRoute('/alphaorb/bots/:botSlug', Component, `/alphaorb/bots/${botFixture().slug}`);
  return api;
}

const answer = (payload: MonitorResponse) => ({ body: payload });
const runButton = (name: 'Current Run' | 'Upcoming Run') => screen.getByRole('button', { name });

describe('Bot monitor', () => {
  it('[T11] [T19] polls every 5000 ms, disables the toggle without a run and moves to the run that is left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let runs: MonitorResponse['monitor']['runs'] = { current, upcoming };
    const api = openBot(() => answer(monitorFixture({ runs })));
    expect(await screen.findByText(/Monitoring breakout/)).toBeVisible();
    expect(runButton('Current Run')).toHaveAttribute('aria-pressed', 'true');
    expect(runButton('Upcoming Run')).toBeEnabled();
    expect(api.sent('GET', MONITOR_PATH)).toHaveLength(1);

    // The run finished: the next poll, not before 5000 ms, leaves only the upcoming run.
    runs = { current: null, upcoming };
    await vi.advanceTimersByTimeAsync(4999);
    expect(api.sent('GET', MONITOR_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(() => expect(api.sent('GET', MONITOR_PATH)).toHaveLength(2));
    await waitFor(() => expect(runButton('Current Run')).toBeDisabled());
    expect(runButton('Upcoming Run')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Waiting for Friday/).parentElement).toHaveTextContent('Waiting for Friday 2026-01-09');

    // The upcoming run became the current one: the view follows it.
    runs = { current, upcoming: null };
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(runButton('Upcoming Run')).toBeDisabled());
    expect(runButton('Current Run')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Monitoring breakout/)).toBeVisible();
  });

  it('[T13] styles each run step is-{status}', async () => {
    const steps = [
      { key: 'armed', label: 'Armed', status: 'done', index: 0 },
      { key: 'range', label: 'Opening range', status: 'active', index: 1 },
      { key: 'order', label: 'Order sent', status: 'pending', index: 2 },
    ];
    openBot(answer(monitorFixture({ runs: { current: { ...current, steps }, upcoming: null } })));
    const list = (await screen.findByText('Opening range')).closest('ol') as HTMLElement;
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => [li.textContent, [...li.classList].find((c) => c.startsWith('is-'))])).toEqual([
      ['1 Armed', 'is-done'],
      ['2 Opening range', 'is-active'],
      ['3 Order sent', 'is-pending'],
    ]);
  });

  it.each([
    ['Hard Stop', { canHardStop: true }],
    ['Pause Bot', { canPauseBot: true }],
    ['Resume Bot', { canResumeBot: true }],
  ])('[T14] shows %s only when the server flag allows it', async (control, flag) => {
    const permissions = { ...NONE_ALLOWED, ...flag };
    openBot(answer(monitorFixture({ runs: { current, upcoming }, permissions })));
    expect(await screen.findByRole('button', { name: control })).toBeVisible();
    const others = ['Hard Stop', 'Pause Bot', 'Resume Bot'].filter((name) => name !== control);
    for (const name of others) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('[T16] asks to wait for the bot to initialize when it has no run yet', async () => {
    openBot(answer(monitorFixture({ runs: { current: null, upcoming: null } })));
    expect(await screen.findByText('Allow wait up to one minute for the bot to initialize.')).toBeVisible();
    expect(runButton('Current Run')).toBeDisabled();
    expect(runButton('Upcoming Run')).toBeDisabled();
  });

  it.each([
    ['pause', 'Pause Bot', { enabled: false, status: 'paused' }, 'Bot paused. Upcoming runs will not start until you resume it.'],
    ['resume', 'Resume Bot', { enabled: true, status: 'idle' }, 'Bot resumed.'],
    ['hard-stop', 'Hard Stop', { enabled: true, status: 'stopped' }, 'Hard stop requested: the active trade is being closed and monitoring is halted.'],
  ])('[T20] shows the monitor the %s call answers, without asking again', async (path, control, bot, message) => {
    const user = userEvent.setup();
    const fresh = monitorFixture({ runs: { current: { ...current, stateLabel: 'Stopped by you' }, upcoming: null }, permissions: ALL_ALLOWED }, bot, message);
    const api = openBot(answer(monitorFixture({ runs: { current, upcoming }, permissions: ALL_ALLOWED }, { enabled: !bot.enabled })), {
      [`POST /api/alphaorb/bots/${BOT_ID}/${path}`]: answer(fresh),
    });
    await user.click(await screen.findByRole('button', { name: control }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: control }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText(`Status ${bot.status}`)).toBeVisible();
    expect(screen.getByText(/Stopped by you/)).toBeVisible();
    expect(screen.getByText(bot.enabled ? 'Enabled' : 'Paused', { exact: true })).toBeVisible();
    expect(api.sent('GET', MONITOR_PATH)).toHaveLength(1);
  });

  it.each([
    ['Pause Bot', 'pause', 'Unable to process request.'],
    ['Resume Bot', 'resume', 'Unable to process request.'],
    ['Hard Stop', 'hard-stop', 'Unable to hard stop bot.'],
  ])('[T21] keeps the %s dialog open with the spec text when the call fails', async (control, path, message) => {
    const user = userEvent.setup();
    openBot(answer(monitorFixture({ runs: { current, upcoming }, permissions: ALL_ALLOWED })), {
      [`POST /api/alphaorb/bots/${BOT_ID}/${path}`]: { status: 500, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: control }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: control }));
    expect(await within(dialog).findByText(message)).toBeVisible();
  });

  it.each([
    ['a failure status', { status: 503, body: {} }, 'Unable to load monitor (503)'],
    ['no answer', 'network' as const, 'Unable to load bot monitor.'],
  ])('[T21] says the monitor is unavailable on %s', async (_case, reply, message) => {
    openBot(reply);
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('[T21] says when the bot performance cannot be loaded', async () => {
    openBot(answer(monitorFixture()), { [`GET /api/alphaorb/bots/${BOT_ID}/overview`]: { status: 500, body: {} } });
    expect(await screen.findByText('Unable to load bot performance.')).toBeVisible();
  });
});
