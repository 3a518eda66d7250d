import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO, lastMailLink, signIn } from '../support/session';

/** A brand-new member through the real join API (embedded default: internal trial). */
async function joinNewMember(page: Page) {
  const email = `closing-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Range-Break-9';
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/join', {
    data: { plan: 'trader', first_name: 'Ines', last_name: 'Okafor', email, password, password_confirmation: password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password };
}

test.describe('Your data', () => {
  test('a member requests a copy of their data, sees it prepared, and downloads the ZIP', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.member);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Download my data or close my account' }).click();
    await expect(page).toHaveURL(/\/account\/data$/);
    await expect(page).toHaveTitle(/— Your data$/);

    const since = Date.now();
    const card = page.getByRole('region', { name: 'Download my data' });
    await card.getByRole('button', { name: 'Request a copy of my data' }).click();
    await expect(card.getByText('Your data is being prepared. We will e-mail you when the download is ready.')).toBeVisible();
    await expect(card.getByRole('progressbar', { name: 'Preparing your data…' })).toBeVisible();

    const download = card.getByRole('button', { name: 'Download ZIP' });
    await expect(download).toBeVisible({ timeout: 90_000 });
    await expect(card.getByText(/expires /)).toBeVisible();
    await expect(card.getByText('Your data is being prepared. We will e-mail you when the download is ready.')).toBeHidden();
    expect(await lastMailLink(DEMO.member.email, since)).toMatch(/\/account\/data\?export=[0-9a-f-]{36}$/);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Array<Record<string, unknown>>;
    expect(json('profile.json')[0]).toMatchObject({ email: DEMO.member.email, first_name: 'Maya' });
    expect(json('profile.json')[0]).not.toHaveProperty('password_hash');
    expect(json('trades.json').length).toBeGreaterThan(0);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['membership.json', 'journal_days.json', 'alphaorb_bots.json', 'backtests.json', 'course_progress.json', 'README.txt']));
    const csv = strFromU8(files['trades.csv']!);
    expect(csv.split('\n')[0]).toContain('trade_date,instrument,side');
    expect(csv.split('\n').filter(Boolean).length).toBeGreaterThan(1);
  });

  test('another member cannot download that archive', async ({ page }) => {
    await signIn(page, DEMO.basic);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('th_auth')))!).access as string;
    const res = await page.request.get('/api/me/data-exports/00000000-0000-4000-8000-000000000000/archive', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(404);
  });

  test('a member closes their account with their password, is signed out, and signing in within the grace period restores it', async ({ page }) => {
    const member = await joinNewMember(page);
    const before = await signIn(page, member);
    await page.goto('/account/data');
    const form = page.getByRole('form', { name: 'Close my account' });

    await form.getByLabel('Password').fill('not-my-password');
    await form.getByRole('button', { name: 'Close my account' }).click();
    await expect(form.getByText('The password is incorrect.')).toBeVisible();

    await form.getByRole('radio', { name: 'Now' }).check();
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is closed' })).toBeVisible();
    await expect(page.getByText(/Sign in before .+ to restore it; after that your personal data is deleted\./)).toBeVisible();

    // Signed out: the app sends them to sign in, and the old token no longer works.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/account\/login/);
    const old = await page.request.get('/api/me', { headers: { authorization: `Bearer ${before}` } });
    expect(old.status()).toBe(401);

    // Signing in within the grace period restores the account.
    const token = await signIn(page, member);
    const closure = await page.request.get('/api/me/closure', { headers: { authorization: `Bearer ${token}` } });
    expect((await closure.json()).data).toMatchObject({ status: 'restored' });
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
  });

  test('staff see a member data rights card with the closure and export actions', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin');
    await page.getByRole('link', { name: /Maya Chen|member@example.com/ }).first().click();
    const card = page.getByRole('region', { name: 'Data rights' });
    await expect(card.getByRole('form', { name: "Export this member's data" })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Account closure' })).toBeVisible();
  });

  test('staff close a member account with a reason and follow its steps', async ({ page }) => {
    const member = await joinNewMember(page);
    const token = await signIn(page, DEMO.admin);
    const list = await page.request.get(`/api/staff/members?search=${encodeURIComponent(member.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const id = ((await list.json()).data as Array<{ id: string }>)[0]!.id;
    await page.goto(`/admin/members/${id}`);
    const card = page.getByRole('region', { name: 'Data rights' });
    const form = card.getByRole('form', { name: 'Close this account' });
    await form.getByRole('button', { name: 'Close this account' }).click();
    await expect(form.getByText('Enter the reason for closing this account.')).toBeVisible();
    await form.getByLabel('Reason for closing').fill('Asked by e-mail to close the account');
    await form.getByLabel('Subscription ends').selectOption('now');
    await form.getByRole('button', { name: 'Close this account' }).click();
    await expect(card.getByText('Closed, in the grace period')).toBeVisible();
    await expect(card.getByText('Reason: Asked by e-mail to close the account')).toBeVisible();
    const steps = card.getByRole('list', { name: 'Closure steps' });
    // The worker runs the closing steps (it polls every 2 s); the card follows them.
    for (const label of ['Signed out on every device', 'AlphaORB bots stopped', 'Broker tokens deleted', 'Subscription canceled']) {
      await expect(steps.getByRole('listitem').filter({ hasText: label })).toContainText('Done', { timeout: 30_000 });
    }
  });
});
