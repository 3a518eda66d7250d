import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotDetail } from '@th/contracts';
import { botSlug } from '@th/domain';
import { Component } from './alphaorb-bot-settings';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/alphaorb/bots/:botSlug/settings';
const BOT_ID = 'b-7';

function detail(overrides: Partial<BotDetail> = {}): BotDetail {
  const base = {
    id: BOT_ID,
    slug: '',
    name: 'Morning NAS100',
    label: 'Morning NAS100',
    instrument: 'NAS100',
    symbol: 'NAS100',
    start_time: '09:30',
    timeframe_minutes: 15,
    sessions: [],
    enabled: true,
    armed: false,
    test_mode: false,
    theme: 'blue',
    last_run_at: null,
    last_run: null,
    upcoming_run: null,
    range_start: '09:30',
    duration_minutes: 15,
    order_type: 'market' as const,
    lot_mode: 'fixed',
    lot_size: 2,
    trading_account_id: 'acc-1',
    trading_account_label: 'Apex demo',
    instrument_id: '1001',
    instrument_symbol: 'NAS100',
    orb_minutes: 15,
    orb_start_local: '09:30',
    run_days: ['mon', 'tue', 'wed', 'thu', 'fri'] as BotDetail['run_days'],
    timezone: 'America/New_York',
    risk_per_trade_pct: null,
    breakout_requirement: 'in_candle' as const,
    stop_loss_adjust: 0,
    range_adjust: 0,
    take_profits: [],
    max_attempts: 1,
    daily_max_loss_pct: null,
    daily_max_trades: 1,
    max_spread: null,
    risk_max_daily_trades: 1,
    risk_max_daily_loss: null,
  };
  const bot = { ...base, ...overrides };
  return { ...bot, slug: botSlug(bot) };
}

const detailAnswer = (bot: BotDetail) => ({
  body: {
    bot,
    metrics: { totalRevenue: 0, periodRevenue: 0, winRate: 0, wins: 0, totalPositions: 0, currency: 'USD' },
    trades: [],
    accounts: [{ id: 'acc-1', label: 'Apex demo', account_id: '7001', platform: 'TradeLocker', type: 'demo' }],
    instruments: [],
    weekday_options: { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' },
    message: null,
  },
});

const orbProfile = { body: { data: profile({ permissions: ['alphaorb.manage'] }) } };

function openSettings(routes: Parameters<typeof fakeApi>[0] = {}, slug = botSlug(detail())) {
  const api = fakeApi({
    'GET /api/me': orbProfile,
    [`GET /api/alphaorb/bots/${BOT_ID}`]: detailAnswer(detail()),
    'GET /api/alphaorb/accounts/acc-1/instruments': { body: { instruments: [{ id: '1001', symbol: 'NAS100', name: 'US Tech 100' }] } },
    ...routes,
  });
  renderRoute(ROUTE, Component, `/alphaorb/bots/${slug}/settings`);
  return api;
}

const location = () => screen.getByTestId('location');
const BOT_PATH = `/alphaorb/bots/${botSlug(detail())}`;

describe('Bot settings screen', () => {
  it('[T39] shows "Loading bot settings…" until the bot arrives, then the form', async () => {
    let answer!: () => void;
    openSettings({
      [`GET /api/alphaorb/bots/${BOT_ID}`]: () => new Promise((resolve) => (answer = () => resolve(detailAnswer(detail())))),
    });
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading bot settings…');
    expect(screen.queryByRole('form')).toBeNull();
    answer();
    expect(await screen.findByLabelText('Bot label')).toHaveValue('Morning NAS100');
    expect(screen.queryByText('Loading bot settings…')).toBeNull();
  });

  it.each([
    ['Cancel', () => screen.getByRole('button', { name: 'Cancel' })],
    ['Back to Bot', () => screen.getAllByRole('link', { name: /Back to Bot/ }).at(-1)!],
    ['the ← Back to Bot chip', () => screen.getAllByRole('link', { name: /Back to Bot/ })[0]!],
  ])('[T37] %s returns to the bot', async (_name, control) => {
    const user = userEvent.setup();
    openSettings();
    await screen.findByLabelText('Bot label');
    await user.click(control());
    expect(location()).toHaveTextContent(new RegExp(`^${BOT_PATH}$`));
  });

  it('[T37] [T44] Save settings shows "Saving…", sends back the settings without inputs unchanged and confirms', async () => {
    let answer!: () => void;
    const bot = detail({ max_spread: 2.5, risk_max_daily_trades: 3, risk_max_daily_loss: 150, test_mode: true });
    const user = userEvent.setup();
    const api = openSettings({
      [`GET /api/alphaorb/bots/${BOT_ID}`]: detailAnswer(bot),
      [`PUT /api/alphaorb/bots/${BOT_ID}`]: () => new Promise((resolve) => (answer = () => resolve({ body: { ...detailAnswer(bot).body, message: 'Settings saved.' } }))),
    });
    await user.selectOptions(await screen.findByLabelText('ORB minutes'), '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Settings saved.')).toBeVisible();
    const [put] = api.sent('PUT', `/api/alphaorb/bots/${BOT_ID}`);
    expect(put?.body).toMatchObject({ orb_minutes: 30, max_spread: 2.5, risk_max_daily_trades: 3, risk_max_daily_loss: 150, test_mode: true });
  });

  it('[T45] saves an emptied label as "Unnamed bot" and offers every weekday when the bot has no run days', async () => {
    const user = userEvent.setup();
    const api = openSettings({
      [`GET /api/alphaorb/bots/${BOT_ID}`]: detailAnswer(detail({ run_days: [] })),
      [`PUT /api/alphaorb/bots/${BOT_ID}`]: detailAnswer(detail()),
    });
    const label = await screen.findByLabelText('Bot label');
    for (const day of screen.getAllByRole('checkbox')) expect(day).toBeChecked();
    await user.clear(label);
    await user.type(label, '   ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.sent('PUT', `/api/alphaorb/bots/${BOT_ID}`)).toHaveLength(1));
    expect(api.sent('PUT', `/api/alphaorb/bots/${BOT_ID}`)[0]?.body).toMatchObject({
      label: 'Unnamed bot',
      run_days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    });
  });

  it.each([
    ['the server message', { status: 500, body: { message: 'The bot store is down.' } }, 'The bot store is down.'],
    ['the status', { status: 502, body: {} }, 'Unable to load bot settings (502)'],
    ['the fallback without an answer', 'network' as const, 'Unable to load bot settings.'],
  ])('[T41] shows %s and the sample bot when the settings cannot be loaded', async (_case, reply, message) => {
    openSettings({ [`GET /api/alphaorb/bots/${BOT_ID}`]: reply });
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Bot label')).toHaveValue('Sample NAS100 bot');
    // A sample cannot be deleted.
    expect(screen.queryByRole('button', { name: 'Delete bot' })).toBeNull();
  });

  it('[T46] says "Missing bot identifier." for a slug without a bot id', async () => {
    const api = openSettings({}, 'morning-nas100~');
    expect(await screen.findByText('Missing bot identifier.')).toBeVisible();
    expect(api.calls.filter((c) => c.path.startsWith('/api/alphaorb'))).toHaveLength(0);
  });

  it('[T40] sends a member without alphaorb.manage to the dashboard', async () => {
    openSettings({ 'GET /api/me': { body: { data: profile({ permissions: [] }) } } });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/alphaorb$/));
  });
});
