import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

/** A brand-new member through the real join API (embedded default: internal 7-day trial). */
async function joinNewMember(page: Page) {
  const email = `account-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Range-Break-9';
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/join', {
    data: { plan: 'trader', first_name: 'Nora', last_name: 'Vance', email, password, password_confirmation: password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password };
}

test.describe('Account Settings', () => {
  test('shows the member, their subscription and the tile to link a trading account', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/account');
    await expect(page).toHaveTitle(/— Account$/);
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByText('Maya Chen')).toBeVisible();
    await expect(account.getByText(/^Member since /)).toBeVisible();
    await expect(account.getByText('member@example.com')).toBeVisible();
    await expect(account.locator('.badge')).toHaveText('Active');
    await expect(account.locator('.badge')).toHaveClass(/badge-green/);

    const subscription = page.getByRole('region', { name: 'Your subscription' });
    await expect(subscription.getByText('Trader + Automation')).toBeVisible();
    await expect(subscription.getByText('Internal')).toBeVisible();
    await expect(subscription.getByText('Plan Access')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Linked trading accounts' })).toBeVisible();
    await page.getByRole('link', { name: /Link trading account/ }).click();
    await expect(page).toHaveURL(/\/account\/link$/);
  });

  test('confines a suspended member with a dismissible notice and no new links', async ({ page }) => {
    await signIn(page, DEMO.suspended);
    await page.goto('/account?notice=suspended');
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.locator('.badge')).toHaveText('Suspended');
    await expect(account.locator('.badge')).toHaveClass(/badge-orange/);
    await expect(page.getByText('Reactivate membership to link new accounts')).toBeVisible();

    const notice = page.locator('.alert', { hasText: 'Your membership is inactive.' });
    await expect(notice.getByRole('link', { name: 'Manage billing' })).toHaveAttribute('href', '/account/subscription');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/\/account$/);
  });

  test('logs out and goes home', async ({ page }) => {
    await signIn(page, DEMO.basic);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('th_auth'))).toBeNull();
  });

  test('[P79] sends a visitor without a stored token from Update Details to sign in', async ({ page }) => {
    await page.goto('/account/edit');
    await expect(page).toHaveURL(/\/account\/login\?next=%2Faccount%2Fedit$/);
  });
});

test.describe('Update Details', () => {
  test('saves the profile, leaving empty fields out, and shows it on the account page', async ({ page }) => {
    const member = await joinNewMember(page);
    await signIn(page, member);
    await page.goto('/account/edit');
    await expect(page.getByRole('heading', { name: 'Update Details' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Profile' });
    await expect(form.getByLabel('First name')).toHaveValue('Nora');
    await form.getByLabel('Last name').fill('');
    await form.getByLabel('Phone').fill('+1 416 555 0199');
    await form.getByLabel('Birthday').fill('1991-07-21');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Details updated successfully.')).toBeVisible();

    await page.goto('/account');
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByText('+1 416 555 0199')).toBeVisible();
    // The blank last name was left out of the payload, so it is unchanged.
    await expect(account.getByText('Nora Vance')).toBeVisible();
  });

  test('explains a profile value the server refuses', async ({ page }) => {
    const member = await joinNewMember(page);
    await signIn(page, member);
    await page.goto('/account/edit');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Phone').fill('call me maybe');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('alert')).toHaveText('Enter a phone number using digits, spaces and + ( ) - only.');
  });

  test('[P81] checks every authentication rule before anything is sent', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/account/edit');
    const form = page.getByRole('form', { name: 'Authentication' });
    const submit = form.getByRole('button', { name: 'Update credentials' });

    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Enter at least one field to update.');

    await form.getByLabel('Confirm password').fill('Fresh-Range-42');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Enter a new password before confirming it.');

    await form.getByLabel('New password').fill('Other-Range-42');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match.');
  });

  test('changes the sign-in e-mail and password, then clears the password fields', async ({ page }) => {
    const member = await joinNewMember(page);
    await signIn(page, member);
    await page.goto('/account/edit');
    const form = page.getByRole('form', { name: 'Authentication' });
    const next = member.email.replace('account-', 'renamed-');
    await form.getByLabel('Email').fill(next);
    await form.getByLabel('New password').fill('Fresh-Range-42');
    await form.getByLabel('Confirm password').fill('Fresh-Range-42');
    await form.getByRole('button', { name: 'Update credentials' }).click();
    await expect(form.getByRole('alert')).toHaveText('Enter your current password.');
    await form.getByLabel('Current password').fill('Wrong-Range-00');
    await form.getByRole('button', { name: 'Update credentials' }).click();
    await expect(form.getByRole('alert')).toHaveText('The current password is incorrect.');
    await form.getByLabel('Current password').fill(member.password);
    await form.getByRole('button', { name: 'Update credentials' }).click();

    await expect(form.getByText('Authentication details updated successfully.')).toBeVisible();
    await expect(form.getByLabel('New password')).toHaveValue('');
    await expect(form.getByLabel('Confirm password')).toHaveValue('');
    await signIn(page, { email: next, password: 'Fresh-Range-42' });
  });

  test('explains an e-mail that is already taken', async ({ page }) => {
    const member = await joinNewMember(page);
    await signIn(page, member);
    await page.goto('/account/edit');
    const form = page.getByRole('form', { name: 'Authentication' });
    await form.getByLabel('Email').fill(DEMO.basic.email);
    await form.getByLabel('Current password').fill(member.password);
    await form.getByRole('button', { name: 'Update credentials' }).click();
    await expect(form.getByRole('alert')).toHaveText('The email has already been taken.');
  });
});
