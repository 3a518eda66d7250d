import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotAccount, Instrument } from '@th/contracts';
import { Component } from './alphaorb-bot-create';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const NAS100: Instrument = { id: '1001', symbol: 'NAS100', name: 'US Tech 100' };
const US30: Instrument = { id: '1002', symbol: 'US30', name: 'Wall Street 30' };
const XAUUSD: Instrument = { id: '2001', symbol: 'XAUUSD', name: 'Gold' };

const account = (id: string, label: string): BotAccount => ({ id, label, account_id: `${id}-no`, platform: 'TradeLocker', type: 'demo' });
const APEX = account('acc-1', 'Apex demo');
const GOLD = account('acc-2', 'Gold desk');

const orbProfile = { body: { data: profile({ permissions: ['alphaorb.manage'] }) } };
const instrumentsOf = (list: Instrument[]) => ({ body: { instruments: list } });

/** The create screen with the given accounts; each account's instruments as listed. */
function openCreate(routes: Parameters<typeof fakeApi>[0] = {}, accounts: BotAccount[] = [APEX, GOLD]) {
  const api = fakeApi({
    'GET /api/me': orbProfile,
    'GET /api/alphaorb/accounts': { body: { accounts } },
    'GET /api/alphaorb/accounts/acc-1/instruments': instrumentsOf([NAS100, US30]),
    'GET /api/alphaorb/accounts/acc-2/instruments': instrumentsOf([XAUUSD]),
    ...routes,
  });
  renderRoute('/alphaorb/bots/new', Component);
  return api;
}

/** The card of the Standard Settings form whose heading is `name`. */
const group = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;
const instrument = () => screen.getByLabelText('Instrument') as HTMLSelectElement;

/** Fills a valid form on Apex demo / NAS100 and ticks the disclaimer. */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Bot label'), 'Opening drive');
  await user.selectOptions(screen.getByLabelText('Trading account'), 'acc-1');
  await waitFor(() => expect(instrument().value).toBe('1001'));
  await user.click(screen.getByLabelText(/AlphaORB is an educational tool/));
}

describe('New bot screen', () => {
  it('[T24] heads the form with the bot label and account, and its back chip returns to the dashboard', async () => {
    const user = userEvent.setup();
    openCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'New AlphaORB bot' })).toBeVisible();
    await user.type(await screen.findByLabelText('Bot label'), 'Opening drive');
    await user.selectOptions(screen.getByLabelText('Trading account'), 'acc-2');
    expect(screen.getByRole('heading', { level: 1, name: 'Opening drive' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Gold desk — TradeLocker');

    await user.click(screen.getByRole('link', { name: '← Dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/alphaorb$/);
  });

  it('[T25] [T45] lays out Standard Settings in three groups with the spec limits on each input', async () => {
    openCreate();
    const form = await screen.findByRole('form', { name: 'Standard Settings' });
    expect(within(form).getByRole('heading', { name: 'Standard Settings' })).toBeVisible();

    const identity = within(group('Identity Setup'));
    expect(identity.getByLabelText('Bot label')).toHaveAttribute('maxLength', '191');
    expect(identity.getByLabelText('Trading account')).toBeInTheDocument();
    // Disabled until the chosen account's instruments are loaded (§5.2).
    expect(identity.getByLabelText('Instrument')).toBeDisabled();

    const orb = within(group('ORB Setup'));
    const minutes = orb.getByLabelText('ORB minutes') as HTMLSelectElement;
    expect([...minutes.options].map((o) => o.value)).toEqual(['5', '15', '30']);
    expect(minutes.value).toBe('5');
    const start = orb.getByLabelText('ORB start (local time)');
    expect(start).toHaveAttribute('step', '300');
    expect(start).toHaveValue('09:30');
    const days = within(orb.getByRole('group', { name: 'Run days' })).getAllByRole('checkbox');
    expect(days.map((d) => d.parentElement?.textContent?.trim())).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    for (const day of days) expect(day).toBeChecked();

    const position = within(group('Position Setup'));
    const lot = position.getByLabelText('Lot size');
    expect(lot).toHaveAttribute('min', '0');
    expect(lot).toHaveAttribute('step', '0.01');
    expect(lot).toHaveValue(1);
    expect([...(position.getByLabelText('Order type') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['limit', 'market']);
    expect(position.getByLabelText('Order type')).toHaveValue('limit');
  });

  it('[T27] shows "Loading form…" until the accounts arrive and "Creating…" while the bot is created', async () => {
    let answerAccounts!: () => void;
    let answerCreate!: () => void;
    const user = userEvent.setup();
    openCreate({
      'GET /api/alphaorb/accounts': () => new Promise((resolve) => (answerAccounts = () => resolve({ body: { accounts: [APEX, GOLD] } }))),
      'POST /api/alphaorb/bots': () =>
        new Promise((resolve) => (answerCreate = () => resolve({ status: 201, body: { message: 'Bot created.', bot: { id: 'b-9', label: 'Opening drive' } } }))),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading form…');
    expect(screen.queryByRole('form')).toBeNull();
    await waitFor(() => expect(answerAccounts).toBeTypeOf('function'));
    answerAccounts();

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create bot' }));
    expect(await screen.findByRole('button', { name: 'Creating…' })).toBeDisabled();
    answerCreate();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/alphaorb/bots/opening-drive~'));
  });

  it("[T31] picks the only account and that account's first instrument", async () => {
    const api = openCreate({}, [APEX]);
    await waitFor(() => expect(instrument().value).toBe('1001'));
    expect(screen.getByLabelText('Trading account')).toHaveValue('acc-1');
    expect([...instrument().options].map((o) => o.textContent)).toEqual(['NAS100 — US Tech 100', 'US30 — Wall Street 30']);
    expect(api.sent('GET', '/api/alphaorb/accounts/acc-1/instruments')).toHaveLength(1);
  });

  it('[T33] reloads the instruments when the account changes and reuses the cached list on the way back', async () => {
    const user = userEvent.setup();
    const api = openCreate();
    const accountSelect = await screen.findByLabelText('Trading account');
    await user.selectOptions(accountSelect, 'acc-1');
    await waitFor(() => expect(instrument().value).toBe('1001'));
    await user.selectOptions(instrument(), '1002');

    // US30 is not traded on the gold desk: the instrument resets to that account's first.
    await user.selectOptions(accountSelect, 'acc-2');
    await waitFor(() => expect(instrument().value).toBe('2001'));
    expect([...instrument().options].map((o) => o.value)).toEqual(['2001']);

    await user.selectOptions(accountSelect, 'acc-1');
    await waitFor(() => expect(instrument().value).toBe('1001'));
    expect(api.sent('GET', '/api/alphaorb/accounts/acc-1/instruments')).toHaveLength(1);
    expect(api.sent('GET', '/api/alphaorb/accounts/acc-2/instruments')).toHaveLength(1);
  });

  it.each([
    ['a failure status', { status: 500, body: {} }, 'Unable to load instruments (500)'],
    ['no answer', 'network' as const, 'Unable to load instruments for this account.'],
    ['a 404', { status: 404, body: { message: 'No instruments.' } }, 'No instruments were found for this trading account.'],
    ['an empty list', instrumentsOf([]), 'No instruments were found for this trading account.'],
  ])('[T34] says why under the instrument field and empties the list on %s', async (_case, reply, message) => {
    const user = userEvent.setup();
    openCreate({ 'GET /api/alphaorb/accounts/acc-2/instruments': reply });
    await user.selectOptions(await screen.findByLabelText('Trading account'), 'acc-2');
    const field = within(instrument().closest('.field') as HTMLElement);
    expect(await field.findByText(message)).toBeVisible();
    expect(instrument()).toBeDisabled();
    expect([...instrument().options].map((o) => o.value)).toEqual(['']);
  });

  it.each([
    ['a failure status', { status: 503, body: {} }, 'Unable to load trading accounts (503)'],
    ['no answer', 'network' as const, 'Unable to load trading accounts.'],
  ])('[T35] says why the trading accounts could not be loaded on %s', async (_case, reply, message) => {
    openCreate({ 'GET /api/alphaorb/accounts': reply });
    expect(await screen.findByText(message)).toBeVisible();
  });

  it.each([
    ['a 422 message', { status: 422, body: { message: 'This account already runs a bot on NAS100.' } }, 'This account already runs a bot on NAS100.'],
    ['422 field errors', { status: 422, body: { errors: { lot_size: ['Enter a lot size of at least 0.'], orb_start_local: ['Enter the ORB start as HH:MM in 5-minute steps.'] } } }, 'Enter a lot size of at least 0. Enter the ORB start as HH:MM in 5-minute steps.'],
    ['a bare 422', { status: 422, body: {} }, 'Please review the highlighted fields.'],
    ['a failure status', { status: 500, body: {} }, 'Unable to create bot (500)'],
    ['no answer', 'network' as const, 'Unable to create bot.'],
    ['an answer without the bot id', { status: 201, body: { message: 'Bot created.', bot: {} } }, 'Bot created but missing identifier. Please refresh and try again.'],
  ])('[T32] stays on the form and explains %s', async (_case, reply, message) => {
    const user = userEvent.setup();
    openCreate({ 'POST /api/alphaorb/bots': reply });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create bot' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/alphaorb\/bots\/new$/);
  });
});
