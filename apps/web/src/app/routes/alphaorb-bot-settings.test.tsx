import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { botSlug } from '@th/domain';
import { Component } from './alphaorb-bot-settings';
import { BOT_ID, botDetailAnswer, botFixture } from '../../../test/bot-fixture';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/alphaorb/bots/:botSlug/settings';

const orbProfile = { body: { data: profile({ permissions: ['alphaorb.manage'] }) } };

function openSettings(routes: Parameters<typeof fakeApi>[0] = {}, slug = botSlug(botFixture())) {
  const api = fakeApi({
    'GET /api/me': orbProfile,
    [`GET /api/alphaorb/bots/${BOT_ID}`]: botDetailAnswer(botFixture()),
    'GET /api/alphaorb/accounts/acc-1/instruments': { body: { instruments: [{ id: '1001', symbol: 'NAS100', name: 'US Tech 100' }] } },
    ...routes,
  });
  renderRoute(ROUTE, Component, `/alphaorb/bots/${slug}/settings`);
  return api;
}

const location = () => screen.getByTestId('location');
const BOT_PATH = `/alphaorb/bots/${botSlug(botFixture())}`;

describe('Bot settings screen', () => {
  it('[T39] shows "Loading bot settings…" until the bot arrives, then the form', async () => {
    let answer!: () => void;
    openSettings({
      [`GET /api/alphaorb/bots/${BOT_ID}`]: () => new Promise((resolve) => (answer = () => resolve(botDetailAnswer(botFixture())))),
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
    const bot = botFixture({ max_spread: 2.5, risk_max_daily_trades: 3, risk_max_daily_loss: 150, test_mode: true });
    const user = userEvent.setup();
    const api = openSettings({
      [`GET /api/alphaorb/bots/${BOT_ID}`]: botDetailAnswer(bot),
      [`PUT /api/alphaorb/bots/${BOT_ID}`]: () => new Promise((resolve) => (answer = () => resolve({ body: { ...botDetailAnswer(bot).body, message: 'Settings saved.' } }))),
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
      [`GET /api/alphaorb/bots/${BOT_ID}`]: botDetailAnswer(botFixture({ run_days: [] })),
      [`PUT /api/alphaorb/bots/${BOT_ID}`]: botDetailAnswer(botFixture()),
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
