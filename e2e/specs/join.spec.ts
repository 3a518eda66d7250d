import { expect, test } from '@playwright/test';
import { DEMO } from '../support/session';

// The e2e server runs the embedded default (no Stripe): joining starts an internal trial.
test.describe('join', () => {
  test('a visitor joins, lands on sign-in with the banner and their email, and can sign in', async ({ page }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto('/join');
    await page.getByLabel(/Trader plus Automation/).check();
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Natarajan');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Opening-Range-1');
    await page.getByLabel('Confirm password').fill('Opening-Range-1');
    await page.getByRole('button', { name: 'Start my 7-day trial' }).click();

    await expect(page).toHaveURL(/\/account\/login\?joined=1&email=/);
    await expect(page.getByText('Registration successful! Sign in to access your dashboard.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    // Driving the sign-in form here is the point: the new member's password must work.
    await page.getByLabel('Password').fill('Opening-Range-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an email that already has an account is refused with a message, and nothing moves', async ({ page }) => {
    await page.goto('/join');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('Email').fill(DEMO.member.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('Another-Pass-2');
    await page.getByLabel('Confirm password').fill('Another-Pass-2');
    await page.getByRole('button', { name: 'Start my 7-day trial' }).click();

    await expect(page.getByRole('alert')).toContainText('An account with this email already exists. Sign in instead.');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/join$/);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/account\/login\?email=/);
  });

  test('incomplete or mismatched input is explained field by field before anything is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/join')) posted = true;
    });
    await page.goto('/join');
    await page.getByRole('button', { name: 'Start my 7-day trial' }).click();
    await expect(page.getByText('Please enter your first name.')).toBeVisible();
    await expect(page.getByText('Please enter your last name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Passwords must be at least 8 characters.')).toBeVisible();

    await page.getByLabel('First name').fill('Lee');
    await page.getByLabel('Last name').fill('Chen');
    await page.getByLabel('Email').fill('lee@example.com');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm password').fill('long-enough-2');
    await page.getByRole('button', { name: 'Start my 7-day trial' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(page.getByText('Please enter your first name.')).toHaveCount(0);
    expect(posted).toBe(false);
  });

  test('[P22] /join/cancel is the same screen with a note that checkout was cancelled', async ({ page }) => {
    await page.goto('/join/cancel');
    await expect(page.getByRole('status')).toContainText('Checkout was cancelled');
    await expect(page.getByRole('group', { name: '1. Choose your plan' })).toBeVisible();
    await page.goto('/join');
    await expect(page.getByText('Checkout was cancelled')).toHaveCount(0);
  });

  test('each plan shows its price', async ({ page }) => {
    await page.goto('/join');
    await expect(page.getByLabel(/Founding Member/)).toBeChecked();
    // Each card is its radio's label: the plan's name, then its price.
    const plans = page.getByRole('group', { name: '1. Choose your plan' });
    await expect(plans.getByRole('radio', { name: /^Founding Member\s*\$50 \// })).toBeVisible();
    await expect(plans.getByRole('radio', { name: /^Trader\s*\$50 \// })).toBeVisible();
    await expect(plans.getByRole('radio', { name: /^Trader plus Automation\s*\$95 \// })).toBeVisible();
  });
});
