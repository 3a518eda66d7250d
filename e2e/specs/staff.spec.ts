import { expect, test } from '@playwright/test';
import { DEMO, lastMailLink, signIn } from '../support/session';

const NEW_MEMBER = { email: 'skool.member@example.com', password: 'SkoolPass123!' };

test('an admin adds a member bought elsewhere, suspends, restores and grants AlphaORB', async ({ page, browser }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Staff console' }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();

  // Create the member record and accept the invite as the member would.
  await page.getByLabel('Email').fill(NEW_MEMBER.email);
  await page.getByLabel('First name').fill('Skool');
  await page.getByLabel('Last name').fill('Member');
  await page.getByRole('button', { name: 'Create and send invite' }).click();
  await expect(page.getByRole('heading', { name: 'Skool Member' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send invite e-mail' })).toBeVisible();

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const invite = new URL(await lastMailLink(NEW_MEMBER.email));
  await memberPage.goto(invite.pathname + invite.search);
  await memberPage.getByLabel('Password', { exact: true }).fill(NEW_MEMBER.password);
  await memberPage.getByLabel('Confirm password').fill(NEW_MEMBER.password);
  await memberPage.getByRole('button', { name: 'Complete invite' }).click();
  await expect(memberPage.getByText('Invite accepted! You can now sign in with your new password.')).toBeVisible();
  await signIn(memberPage, NEW_MEMBER);
  await memberPage.goto('/courses');
  await expect(memberPage).toHaveURL(/\/courses$/);

  // Suspend: the member is confined to the account area.
  await page.getByRole('button', { name: 'Suspend member' }).click();
  await expect(page.getByText('Give a reason for suspending this member.')).toBeVisible();
  await page.getByLabel('Reason for suspending').fill('Payment disputed');
  await page.getByRole('button', { name: 'Suspend member' }).click();
  await expect(page.getByText('— Payment disputed')).toBeVisible();
  await memberPage.evaluate(() => window.localStorage.getItem('th_auth'));
  await memberPage.goto('/tradelog');
  await expect(memberPage).toHaveURL(/\/account\?notice=suspended$/);

  // Restore and grant AlphaORB.
  await page.getByRole('button', { name: 'Restore access' }).click();
  await expect(page.getByRole('button', { name: 'Suspend member' })).toBeVisible();
  await page.getByLabel('AlphaORB bot (alphaorb.manage)').click();
  await expect(page.getByLabel('AlphaORB bot (alphaorb.manage)')).toBeChecked();
  const profile = await memberPage.evaluate(async () => {
    const { access } = JSON.parse(localStorage.getItem('th_auth')!);
    const res = await fetch('/api/me', { headers: { Authorization: `Bearer ${access}` } });
    return (await res.json()).data;
  });
  expect(profile.status).toBe('active');
  expect(profile.permissions).toContain('alphaorb.manage');
  await memberPage.goto('/alphaorb');
  await expect(memberPage.getByRole('link', { name: '+ New bot' })).toBeVisible();
  await expect(memberPage.getByText("You don't have permission to access this feature.")).toHaveCount(0);

  // Every change is in the member's history and the audit log.
  await expect(page.getByRole('cell', { name: 'member.created' })).toBeVisible();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'member.updated' }).first()).toBeVisible();
  await memberContext.close();
});

test('members cannot open the staff console', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Staff console' })).toHaveCount(0);
});

test('on a phone the staff sections open from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Staff sections' });
  await expect(sections).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('complementary', { name: 'Staff console' }).getByRole('link').first()).toBeFocused();
  await sections.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(sections).toBeHidden();
});

test('a signed-out visitor opening the staff console goes to sign in, with no failed profile call', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/account\/login\?next=%2Fadmin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(failed).toEqual([]);
});
