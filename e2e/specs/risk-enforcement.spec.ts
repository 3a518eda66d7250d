import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

/** The embedded simulator listens on the app's port + 1 (playwright.config.ts). */
const SIM = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}/backend-api`;
/** BTCUSD: the simulator's crypto never closes, so the spec runs at any hour. */
const BTCUSD = '1008';

/**
 * The member trading at TradeLocker: the simulator's own API with its demo login, on the demo
 * member's "SIM Live 25K" account (the practice account carries the seeded AlphaORB bots other
 * specs use, and a lock lasts until tomorrow).
 */
async function broker(request: APIRequestContext) {
  const login = await request.post(`${SIM}/auth/jwt/token`, {
    data: { email: 'demo@broker.test', password: 'demo-pass', server: 'SIM-DEMO' },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const accounts = (await (await request.get(`${SIM}/auth/jwt/all-accounts`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
    accounts: Array<{ id: string; accNum: string; name: string }>;
  };
  const account = accounts.accounts.find((a) => a.name === 'SIM Live 25K')!;
  const headers = { authorization: `Bearer ${accessToken}`, accNum: account.accNum };
  const base = `${SIM}/trade/accounts/${account.id}`;
  return {
    buy: async () =>
      (await request.post(`${base}/orders`, {
        headers,
        data: { tradableInstrumentId: BTCUSD, routeId: '9001', qty: 1, side: 'buy', type: 'market', validity: 'IOC' },
      })).json() as Promise<{ s: string; errmsg?: string }>,
    positions: async () => {
      const config = (await (await request.get(`${SIM}/trade/config`, { headers })).json()) as { d: { positionsConfig: { columns: Array<{ id: string }> } } };
      const ids = config.d.positionsConfig.columns.map((c) => c.id);
      const rows = ((await (await request.get(`${base}/positions`, { headers })).json()) as { d: { positions: string[][] } }).d.positions;
      return rows.map((row) => Object.fromEntries(ids.map((id, i) => [id, row[i]])) as Record<string, string>);
    },
    pin: (price: number | null) => request.post(`${SIM}/__sim/prices`, { data: { symbol: 'BTCUSD', price } }),
  };
}

test.describe('Risk Manager enforcement', () => {
  test('flattens and locks an account past its max daily loss, shown on /risk, the dashboard, the daily log and the reports', async ({ page, request }) => {
    test.setTimeout(120_000);
    const sim = await broker(request);
    await signIn(page, DEMO.member);
    await page.goto('/risk');
    const card = page.getByRole('region', { name: /^Rules: SIM Live 25K/ });
    const form = card.getByRole('form', { name: /^Rules for / });
    await form.getByLabel('Max daily loss').fill('200');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText(/^Rules saved for SIM Live 25K/)).toBeVisible();

    const placed = await sim.buy();
    expect(placed, JSON.stringify(placed)).toMatchObject({ s: 'ok' });
    const [position] = await sim.positions();
    try {
      // The market falls 1,000 points: $1,000 lost on one lot, past the $200 limit.
      expect((await sim.pin(Math.round(Number(position!.avgPrice) - 1_000))).status()).toBe(200);
      await expect(card.getByText(/^Locked by Risk Manager until /)).toBeVisible({ timeout: 60_000 });
      await expect(card.getByText(/reached the max daily loss of \$200\.00/)).toBeVisible();
      expect(await sim.positions()).toEqual([]);

      const log = page.getByRole('list', { name: 'Breaches and warnings' });
      await expect(log.getByText('Flattened and locked').first()).toBeVisible();
      await expect(log.getByText(new RegExp(`Close buy 1 lots, position ${position!.id}: done`))).toBeVisible();

      await page.goto('/dashboard');
      const notice = page.getByRole('region', { name: 'Risk Manager locks' });
      await expect(notice).toContainText('SIM Live 25K');
      await expect(notice).toContainText(/Locked by Risk Manager until .+ (EST|EDT)/);
      await expect(notice).toContainText('Rules broken: Max daily loss.');
      // TradeDesk shows the same lock, naming the rule broken.
      await page.goto('/tradedesk');
      const tradedeskNotice = page.getByRole('region', { name: 'Risk Manager locks' });
      await expect(tradedeskNotice).toContainText('SIM Live 25K');
      await expect(tradedeskNotice).toContainText('Rules broken: Max daily loss.');

      // Today (a Toronto trading day) broke the rules: its daily log says so by its heading,
      // and the reports' compliance breakdown counts it as the one broken day.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
      await page.goto(`/tradedesk/day/${today}`);
      await expect(page.getByRole('heading', { level: 1, name: /^Daily Log for / })).toBeVisible();
      await expect(page.getByText(/^Rules broken: Max daily loss/)).toBeVisible();
      await page.goto('/tradedesk/reports');
      const compliance = page.getByRole('region', { name: 'Rules kept vs broken, table' });
      await expect(compliance.getByRole('row', { name: /^Rules broken 1 / })).toBeVisible();
    } finally {
      await sim.pin(null);
    }
  });
});
