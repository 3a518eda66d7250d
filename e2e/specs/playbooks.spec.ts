import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

/** A brand-new member through the real join API, so the breakdown counts only this spec's trades. */
async function joinNewMember(page: Page) {
  const email = `playbooks-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Range-Break-9';
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/join', {
    data: { plan: 'trader', first_name: 'Noor', last_name: 'Haddad', email, password, password_confirmation: password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password };
}

async function api(page: Page, token: string, method: 'POST' | 'PUT', url: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { data: { id: string } };
}

const DAY = '2025-06-10';

/** Serious and critical axe findings on the page as it is (the route walkers check the bare pages; these have data). */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing sticks out of the screen sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['390 px phone', { width: 390, height: 844 }],
] as const) {
  test(`create a playbook, assign it to a trade with rules ticked, tag trades, filter the trade log, see the breakdown (${name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const token = await signIn(page, await joinNewMember(page));
    const win = await api(page, token, 'POST', '/api/trades/manual', {
      instrument: 'NAS100', side: 'BUY', entry_time: `${DAY}T13:35:00Z`, exit_time: `${DAY}T13:50:00Z`, net_pnl: '120',
    });
    const loss = await api(page, token, 'POST', '/api/trades/manual', {
      instrument: 'US30', side: 'SELL', entry_time: `${DAY}T14:10:00Z`, exit_time: `${DAY}T14:30:00Z`, net_pnl: '-40',
    });
    await api(page, token, 'POST', '/api/trades/manual', {
      instrument: 'GER40', side: 'BUY', entry_time: `${DAY}T08:00:00Z`, exit_time: `${DAY}T08:20:00Z`, net_pnl: '15',
    });

    // TradeDesk → Playbooks: create one with two rules; a second with the same name is refused.
    await page.goto('/tradedesk');
    await page.getByRole('link', { name: 'Playbooks' }).click();
    await expect(page).toHaveURL(/\/tradedesk\/playbooks$/);
    const form = page.getByRole('form', { name: 'New playbook' });
    await form.getByLabel('Name', { exact: true }).fill('Opening range break');
    await form.getByLabel('Rule 1', { exact: true }).fill('Wait for the 15-minute range');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByLabel('Rule 2', { exact: true }).fill('Stop beyond the range');
    await form.getByRole('button', { name: 'Create playbook' }).click();
    const rules = page.getByRole('list', { name: 'Opening range break rules' });
    await expect(rules.getByRole('listitem')).toHaveText(['Wait for the 15-minute range', 'Stop beyond the range']);
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
    await form.getByLabel('Name', { exact: true }).fill('opening RANGE break');
    await form.getByRole('button', { name: 'Create playbook' }).click();
    await expect(form.getByLabel('Rule 1', { exact: true })).toHaveAccessibleDescription('Write the rule or remove it.');
    await form.getByRole('button', { name: 'Remove rule 1' }).click();
    await form.getByRole('button', { name: 'Create playbook' }).click();
    await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('You already have a playbook with this name.');
    expect(await axeFindings(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    // The winning trade in the daily log: the playbook, both rules followed, a tag.
    await page.goto(`/tradedesk/day/${DAY}?trade=${win.data.id}`);
    const panel = page.getByRole('region', { name: / trade details$/ });
    await panel.getByRole('button', { name: 'Edit' }).click();
    // The member's playbooks are asked for once they go to the field.
    await panel.getByLabel('Playbook', { exact: true }).focus();
    await panel.getByLabel('Playbook', { exact: true }).selectOption({ label: 'Opening range break' });
    await panel.getByLabel('Wait for the 15-minute range').check();
    await panel.getByLabel('Stop beyond the range').check();
    const tags = panel.getByRole('combobox', { name: 'Tags' });
    await tags.fill('Patient entry');
    await tags.press('Enter');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(panel.locator('dt', { hasText: 'Stop beyond the range' }).locator('+ dd')).toHaveText('Followed');

    // The losing trade: same playbook, one rule missed, tagged a mistake.
    await page.goto(`/tradedesk/day/${DAY}?trade=${loss.data.id}`);
    const second = page.getByRole('region', { name: / trade details$/ });
    await second.getByRole('button', { name: 'Edit' }).click();
    await second.getByLabel('Playbook', { exact: true }).focus();
    await second.getByLabel('Playbook', { exact: true }).selectOption({ label: 'Opening range break' });
    await second.getByLabel('Wait for the 15-minute range').check();
    const mistakes = second.getByRole('combobox', { name: 'Tags' });
    expect(await axeFindings(page)).toEqual([]);
    await mistakes.fill('Moved stop');
    await mistakes.press('Enter');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await expect(second.locator('dt', { hasText: 'Stop beyond the range' }).locator('+ dd')).toHaveText('Missed');

    // The trade log by playbook, then by tag.
    await page.goto('/tradelog');
    const summary = page.getByText(/^Showing \d+–\d+ of \d+ trades?$/);
    await expect(summary).toHaveText('Showing 1–3 of 3 trades');
    await page.getByLabel('Playbook', { exact: true }).focus();
    await page.getByLabel('Playbook', { exact: true }).selectOption({ label: 'Opening range break' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(summary).toHaveText('Showing 1–2 of 2 trades');
    await expect(page).toHaveURL(/playbook=\d+/);
    await page.getByLabel('Tag', { exact: true }).fill('moved stop');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(summary).toHaveText('Showing 1–1 of 1 trade');
    await expect(page.getByRole('table', { name: 'Trades' }).locator('tbody tr td:first-child')).toHaveText(['US30']);

    // TradeDesk: the month's totals count only the trades under the playbook, then with the tag.
    await page.goto('/tradedesk?month=2025-06');
    const totals = page.getByRole('list', { name: 'June 2025 totals' });
    await expect(totals.getByText('3 trades')).toBeVisible();
    await page.getByLabel('Playbook', { exact: true }).selectOption({ label: 'Opening range break' });
    await expect(totals.getByText('2 trades')).toBeVisible();
    await page.getByLabel('Tag', { exact: true }).selectOption('Patient entry');
    await expect(totals.getByText('1 trade', { exact: true })).toBeVisible();
    await expect(totals.getByText(/^Net P\/L \+\$?120\.00$/)).toBeVisible();

    // Reports: by playbook, rules followed and tag.
    await page.goto(`/tradedesk/reports?period=custom&from=${DAY}&to=${DAY}`);
    const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Playbooks and tags' }) });
    const byPlaybook = card.getByRole('region', { name: 'By playbook, table' });
    const row = byPlaybook.getByRole('row', { name: /Opening range break/ });
    await expect(row.getByRole('cell')).toHaveText(['2', '50.0%', '+$80.00', '3.00', '+$40.00', '—']);
    const byRules = card.getByRole('region', { name: 'Rules followed, table' });
    await expect(byRules.getByRole('row', { name: /All rules followed/ }).getByRole('cell').first()).toHaveText('1');
    await expect(byRules.getByRole('row', { name: /Some rules missed/ }).getByRole('cell').first()).toHaveText('1');
    const byTag = card.getByRole('region', { name: 'By trade tag, table' });
    await expect(byTag.getByRole('row', { name: /Moved stop/ }).getByRole('cell').nth(2)).toHaveText('-$40.00');
    expect(await axeFindings(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
  });
}
