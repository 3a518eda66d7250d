import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

async function xsrf(page: Page) {
  await page.request.get('/sanctum/csrf-cookie');
  return decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
}

test.describe('dashboard', () => {
  test('the demo member sees their day, learning, month, trades, bots and events', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Maya$/);
    await expect(page).toHaveTitle(/Dashboard/);

    await expect(page.getByRole('heading', { name: "Today's sessions" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Continue learning' })).toBeVisible();
    await expect(page.getByRole('progressbar').first()).toBeVisible();

    // This month's chips and the mini calendar come from the trade module's day summaries.
    const month = page.getByRole('region', { name: 'This month' });
    await expect(month.getByText('Net P&L')).toBeVisible();
    await expect(month.getByRole('table')).toBeVisible();

    const latest = page.getByRole('region', { name: 'Latest trades' });
    await expect(latest.getByRole('table')).toBeVisible();
    await expect(latest.locator('tbody tr')).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'View full log' })).toHaveAttribute('href', '/tradelog');

    // Maya holds alphaorb.manage: the bots card is there and never breaks the page.
    await expect(page.getByRole('heading', { name: 'AlphaORB bots' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'High-impact events this week' })).toBeVisible();

    // She has linked accounts, so no call to link one.
    await expect(page.getByRole('region', { name: 'Link a trading account' })).toHaveCount(0);
    await page.getByRole('link', { name: 'See your full performance report →' }).click();
    await expect(page).toHaveURL(/\/tradedesk\/reports/);
  });

  test('a brand-new member is shown what to do first', async ({ page }) => {
    const email = `fresh-${Date.now()}@example.com`;
    const join = await page.request.post('/api/join', {
      data: { plan: 'trader', first_name: 'Noor', last_name: 'Haddad', email, password: 'Fresh12345!', password_confirmation: 'Fresh12345!' },
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
    });
    expect(join.status(), await join.text()).toBe(200);
    await signIn(page, { email, password: 'Fresh12345!' });
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Noor$/);
    const banner = page.getByRole('region', { name: 'Link a trading account' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Link trading account' })).toHaveAttribute('href', '/account/link');

    await expect(page.getByText('No trades yet. Log your first trade, or link a trading account to import your history.')).toBeVisible();
    await expect(page.getByRole('link', { name: '+ Trade' })).toHaveAttribute('href', '/tradedesk');
    const month = page.getByRole('region', { name: 'This month' });
    await expect(month.getByText('+$0.00').or(month.getByText('$0.00'))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start course' }).or(page.getByRole('link', { name: 'Start course' }))).toBeVisible();
    // No alphaorb.manage on the Trader plan: no bots card.
    await expect(page.getByRole('heading', { name: 'AlphaORB bots' })).toHaveCount(0);
  });

  test('[P18] on a phone the menu is out of the Tab order until opened, then holds focus until Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

    // Closed: after the skip link, Tab goes straight to the menu button, not into hidden links.
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Skip to content');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Open menu');
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();

    // Open: focus moves into the menu; Tab walks its links, never the page behind the backdrop.
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Platform' }).getByRole('link', { name: 'Traders Hub' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(false);
    }

    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('on a phone the dashboard fits the screen: no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await page.goto('/dashboard');
    // Maya's latest-trades table is wider than a phone: it must scroll inside its card.
    await expect(page.getByRole('region', { name: 'Latest trades' }).getByRole('table')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
