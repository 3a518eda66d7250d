import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

test.describe('courses', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.basic);
  });

  test('complete a lesson: the next one unlocks, progress moves and survives a reload', async ({ page }) => {
    await page.goto('/courses');
    const card = page.getByRole('link', { name: /Initial Setup/ });
    await expect(card).toContainText('7 lessons');
    await card.click();

    // The course opens on its first lesson, with the URL naming it.
    await expect(page).toHaveURL(/\/courses\/initial-setup\/welcome-and-platform-tour$/);
    await expect(page.getByRole('heading', { name: 'Welcome: how the platform fits together' })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Course lessons' });
    await expect(sidebar).toContainText('0% · 0/7 complete');
    const nextLesson = sidebar.getByRole('button', { name: /Open a TradeLocker demo account, Locked/ });
    await expect(nextLesson).toBeDisabled();

    // From the keyboard: focus follows the member to the lesson that opens, not to the page body.
    await page.getByRole('button', { name: 'Mark complete' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/courses\/initial-setup\/tradelocker-demo-account$/);
    await expect(page.getByRole('heading', { name: 'Open a TradeLocker demo account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open a TradeLocker demo account' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Demo account checklist' })).toBeVisible();
    await expect(sidebar).toContainText('14% · 1/7 complete');
    await expect(sidebar.getByRole('link', { name: /Welcome: how the platform fits together, Completed/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '14');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Open a TradeLocker demo account' })).toBeVisible();
    await expect(sidebar).toContainText('14% · 1/7 complete');
    await sidebar.getByRole('link', { name: /Welcome: how the platform fits together/ }).click();
    await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();

    await page.goto('/courses');
    await expect(page.getByRole('link', { name: /Initial Setup/ })).toContainText('14% complete');
  });

  test('[P118] a deep link to a locked lesson is replaced by the first open lesson', async ({ page }) => {
    await page.goto('/courses');
    await expect(page.getByRole('link', { name: /Foundations/ })).toBeVisible();
    await page.goto('/courses/foundations/opening-range');

    await expect(page).toHaveURL(/\/courses\/foundations\/session-times$/);
    await expect(page.getByRole('heading', { name: 'How a trading day works: Asia, London, New York' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Asian Range');

    // The locked URL was replaced, not pushed: going back returns to the course list.
    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
  });
});
