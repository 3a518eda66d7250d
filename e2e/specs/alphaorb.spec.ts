import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

const PERMISSION =
  "You don't have permission to access this feature. Contact an administrator to inquire about access.";

test('[T5] [T7] [T12] [T15] [T26] [T28] [T36] [T38] [T42] [T43] a member creates a bot, monitors it, pauses and resumes it, edits and deletes it', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/alphaorb');
  await expect(page.getByRole('heading', { name: 'AlphaORB' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
  // The seeded paper bot is listed.
  await expect(page.getByRole('link', { name: 'Morning NAS100 (paper)' })).toBeVisible();

  await page.getByRole('link', { name: '+ New bot' }).click();
  await expect(page.getByRole('heading', { name: 'New AlphaORB bot' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Advanced Settings' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create bot' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Bot label').fill('E2E breakout');
  await page.getByLabel('Trading account').selectOption({ label: 'Practice account — TradeLocker' });
  await expect(page.getByLabel('Instrument')).toBeEnabled();
  await page.getByLabel('Instrument').selectOption({ index: 0 });
  await page.getByLabel(/AlphaORB is an educational tool/).check();
  await create.click();

  await expect(page).toHaveURL(/\/alphaorb\/bots\/e2e-breakout~/);
  await expect(page.getByRole('heading', { name: 'E2E breakout' })).toBeVisible();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upcoming Run' })).toBeEnabled();

  await page.getByRole('button', { name: 'Pause Bot' }).click();
  const pauseDialog = page.getByRole('dialog');
  await expect(pauseDialog).toContainText('only affects upcoming runs');
  await pauseDialog.getByRole('button', { name: 'Pause Bot' }).click();
  await expect(page.getByText('Bot paused. Upcoming runs will not start until you resume it.')).toBeVisible();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Resume Bot' }).click();
  const resumeDialog = page.getByRole('dialog');
  await expect(resumeDialog).toContainText('clears the idle run');
  await resumeDialog.getByRole('button', { name: 'Resume Bot' }).click();
  await expect(page.getByText('Bot resumed.')).toBeVisible();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Bot settings' }).click();
  await expect(page.getByText('Active bot runs may continue with the previously armed settings.', { exact: false })).toBeVisible();
  // The Backtest panel below the form replays the saved settings on the bot's instrument.
  await expect(page.getByRole('region', { name: 'Backtest' })).toContainText('See how these settings would have traded NAS100');
  await page.getByLabel('Bot label').fill('E2E breakout renamed');
  await page.getByLabel('ORB minutes').selectOption('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/alphaorb\/bots\/e2e-breakout-renamed~.+\/settings/);

  await page.getByRole('button', { name: 'Delete bot' }).click();
  const deleteDialog = page.getByRole('dialog');
  await expect(deleteDialog).toContainText('Delete this bot? This action cannot be undone.');
  await deleteDialog.getByRole('button', { name: 'Delete bot' }).click();
  await expect(page).toHaveURL(/\/alphaorb$/);
  await expect(page.getByRole('link', { name: 'E2E breakout renamed' })).toHaveCount(0);
});

test('[T8] [T17] a member without alphaorb.manage sees the permission message and is sent back from bot pages', async ({ page }) => {
  await signIn(page, DEMO.basic);
  await page.goto('/alphaorb');
  await expect(page.getByText(PERMISSION)).toBeVisible();
  await expect(page.getByRole('link', { name: '+ New bot' })).toHaveCount(0);
  for (const path of ['/alphaorb/bots/new', '/alphaorb/bots/some-bot~MTIz', '/alphaorb/bots/some-bot~MTIz/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/alphaorb$/);
    await expect(page.getByText(PERMISSION)).toBeVisible();
  }
});
