import { expect, test } from '@playwright/test';
import { DEMO, lastMailLink, restorePassword, signIn } from '../support/session';

test.describe('sign in', () => {
  test('[P41] [P43] [P44] asks for both fields, shows the server message, then lands on the dashboard', async ({ page }) => {
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter both username and password.' })).toBeVisible();

    await page.getByLabel('Email').fill(DEMO.member.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' })).toBeVisible();

    await page.getByLabel('Password').fill(DEMO.member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('th_auth') ?? 'null'));
    expect(stored.access).toBeTruthy();
    expect(stored.exp).toBeGreaterThan(Date.now() / 1000);
    await expect(page).toHaveTitle(/Traders Hub — Dashboard/);

    // A signed-in visitor who opens the sign-in page goes to the dashboard instead.
    await page.goto('/account/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[P40] prefills the email and shows the joined banner from the query', async ({ page }) => {
    await page.goto('/account/login?joined=1&email=someone%40example.com');
    await expect(page.getByText('Registration successful! Sign in to access your dashboard.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
  });

  test('[P44] sends a suspended member to the account area with the notice', async ({ page }) => {
    await page.goto('/account/login');
    await page.getByLabel('Email').fill(DEMO.suspended.email);
    await page.getByLabel('Password').fill(DEMO.suspended.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\?notice=suspended$/);
    const notice = await page.evaluate(() => sessionStorage.getItem('th_membership_notice'));
    expect(notice).toContain('Your membership is inactive. Manage billing to restore access.');
  });
});

test.describe('membership guard and forced logout', () => {
  test('a gated page answers a suspended member with the notice on /account', async ({ page }) => {
    await signIn(page, DEMO.suspended);
    await page.goto('/tradedesk');
    await expect(page).toHaveURL(/\/account\?notice=suspended$/);
    expect(await page.evaluate(() => sessionStorage.getItem('th_membership_notice'))).toContain(
      'Your membership is inactive.',
    );
  });

  test('[P131] a 403 on the profile call raises the notice and redirects to /account', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.route('**/api/me', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Your membership is inactive. Update billing to regain access.' }),
      }),
    );
    await page.goto('/levels');
    await expect(page).toHaveURL(/\/account\?notice=suspended$/);
    expect(await page.evaluate(() => sessionStorage.getItem('th_membership_notice'))).toContain(
      'Your membership is inactive. Update billing to regain access.',
    );
  });

  test('a token the server no longer accepts signs the visitor out to the home page', async ({ page }) => {
    await page.goto('/terms');
    await page.evaluate(() =>
      localStorage.setItem('th_auth', JSON.stringify({ access: 'revoked-token', exp: Math.floor(Date.now() / 1000) + 3600 })),
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('th_auth'))).toBeNull();
  });

  test('without any token the gated area sends the visitor to sign in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/account\/login\?next=%2Fdashboard$/);
  });

  test('a deep link survives sign-in; a plain sign-in lands on the dashboard', async ({ page }) => {
    await page.goto('/tradedesk/reports?range=month');
    await expect(page).toHaveURL(/\/account\/login\?next=/);
    await page.getByLabel('Email').fill(DEMO.member.email);
    await page.getByLabel('Password').fill(DEMO.member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/tradedesk\/reports\?range=month$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/account/login?next=https%3A%2F%2Fevil.example%2F');
    await page.getByLabel('Email').fill(DEMO.member.email);
    await page.getByLabel('Password').fill(DEMO.member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('password reset', () => {
  test('[P45] [P46] [P49] [P53] validates, mails a single-use link that resets the password', async ({ page }) => {
    await page.goto('/password/request');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter your email address.' })).toBeVisible();
    await page.getByLabel('Email').fill(`  ${DEMO.basic.email} `);
    const since = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Success! Please check your email for password reset instructions.')).toBeVisible();

    const link = new URL(await lastMailLink(DEMO.basic.email, since));
    await page.goto(link.pathname + link.search);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.basic.email);
    await page.getByLabel('New password').fill('BrandNew123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please complete all fields.' })).toBeVisible();
    await page.getByLabel('Confirm password').fill('Different123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
    await page.getByLabel('Confirm password').fill('BrandNew123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password successfully reset! You can now sign in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/login\?email=/, { timeout: 5000 });

    // The same link a second time is refused with a clear message.
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password').fill('Another123!');
    await page.getByLabel('Confirm password').fill('Another123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(/invalid, has expired or has already been used/)).toBeVisible();

    // The new password works; then the demo password is put back for the other specs.
    await signIn(page, { email: DEMO.basic.email, password: 'BrandNew123!' });
    await restorePassword(page, DEMO.basic);
  });

  test('[P26] [P28] [P48] a reset page without a token goes to the request page; a malformed token is refused', async ({ page }) => {
    await page.goto('/password/reset');
    await expect(page).toHaveURL(/\/password\/request$/);
    await page.goto('/account/invite?token=abc%09def&email=x%40example.com');
    await page.getByLabel('Password', { exact: true }).fill('Password123!');
    await page.getByLabel('Confirm password').fill('Password123!');
    await page.getByRole('button', { name: 'Complete invite' }).click();
    await expect(page.getByText('Invite token appears malformed. Please paste your full invite link again.')).toBeVisible();
    await page.goto('/account/invite');
    await expect(page).toHaveURL(/\/account\/send-invite$/);
  });

  test('[P27] [P50] send invite asks for an address and confirms', async ({ page }) => {
    await page.goto('/account/send-invite');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter an email address.' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody-yet@example.com');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText('Invitation email sent!')).toBeVisible();
  });
});
