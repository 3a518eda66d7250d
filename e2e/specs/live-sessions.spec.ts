import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session';

const IPHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test.describe('Live sessions', () => {
  test('[P97] [P99] shows the live and recap columns with schedule, expectations and replays', async ({
    page,
  }) => {
    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    await expect(page).toHaveTitle(/— Live Sessions$/);

    const live = page.getByRole('region', { name: 'Live sessions' });
    const recaps = page.getByRole('region', { name: 'Recap sessions' });
    await expect(live.getByRole('article')).toHaveCount(3);
    await expect(recaps.getByRole('article')).toHaveCount(2);

    const ny = live.getByRole('article', { name: /New York Open/ });
    await expect(ny.getByText('New York · 9:15 AM Eastern · Monday to Friday')).toBeVisible();
    await expect(
      ny.getByText(/^(Next session: \w{3}, \w{3} \d+ · 9:15 AM|On air until)/),
    ).toBeVisible();
    await expect(ny.getByRole('link', { name: 'Open in Platform' })).toBeVisible();
    // Four replays exist; the newest three are shown.
    await expect(ny.getByRole('list', { name: 'Replays' }).locator(':scope > li')).toHaveCount(3);
    await expect(ny.getByText('NY Open: Failed breakout review')).toHaveCount(0);
    await expect(
      ny.getByRole('link', { name: 'Watch: NY Open: CPI morning volatility' }),
    ).toHaveAttribute('href', /^https:\/\/zoom\.us\/rec\/share\//);
    await expect(ny.getByText('Coming soon')).toBeVisible();

    const sunday = live.getByRole('article', { name: /Sunday Setup/ });
    await expect(sunday.getByText('Rapid-fire Q&A with senior mentors')).toBeVisible();
    await expect(sunday.getByText('Replays coming soon.')).toBeVisible();
    await expect(sunday.getByText('Recordings will appear here once uploaded.')).toBeVisible();
    await expect(sunday.getByText(/^(Next session: Sun, |On air until)/)).toBeVisible();

    await expect(
      recaps.getByRole('article', { name: /Weekly Market Recap/ }).getByText('Live now'),
    ).toHaveCount(0);
  });

  test('adds the schedule to a calendar through a private feed', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    await page.getByRole('button', { name: 'Add to my calendar' }).click();
    const subscribe = page.getByRole('link', { name: 'Subscribe in your calendar app' });
    await expect(subscribe).toHaveAttribute(
      'href',
      /^webcal:\/\/.+\/api\/live-sessions\/calendar\/[\w-]+\.ics$/,
    );
    const address = await page.getByLabel('Calendar address (keep it private)').inputValue();
    const feed = await page.request.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain('SUMMARY:New York Open');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');

    // A new link retires the old one.
    await page.getByRole('button', { name: 'Get a new calendar link' }).click();
    await expect(page.getByLabel('Calendar address (keep it private)')).not.toHaveValue(address);
    expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);
  });

  test('[P32] [P98] Open in Platform goes through /sessions/live/{id} to the live client view', async ({
    page,
  }) => {
    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    const ny = page.getByRole('article', { name: /New York Open/ });
    const href = await ny.getByRole('link', { name: 'Open in Platform' }).getAttribute('href');
    const id = href!.split('/').pop()!;
    expect(href).toBe(`/sessions/live/${id}`);

    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(href!);
    await expect(page).toHaveURL(new RegExp(`/sessions/client/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New York Open' })).toBeVisible();
    // The embedded server has no Zoom SDK credentials: the view says how to join instead.
    await expect(
      page.getByText(
        'In Platform streaming is not available right now. Join from the Zoom app with meeting number 84152093317 and passcode NYopen915.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in the Zoom app' })).toHaveAttribute(
      'href',
      'https://zoom.us/j/84152093317',
    );
    await expect(page.getByRole('link', { name: 'Join in Platform' })).toHaveCount(0);
    // Opened directly, the redirecting route renders nothing and warns of nothing.
    expect(warnings).toEqual([]);

    await page.getByRole('link', { name: '← All live sessions' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
  });

  test('the live client page is cross-origin isolated and explains when Zoom is not configured', async ({
    page,
  }) => {
    const res = await page.request.get('/live-client/');
    expect(res.status()).toBe(200);
    expect(res.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    const spa = await page.request.get('/sessions');
    expect(spa.headers()['cross-origin-embedder-policy']).toBeUndefined();

    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    const href = await page
      .getByRole('article', { name: /Asia Live/ })
      .getByRole('link', { name: 'Open in Platform' })
      .getAttribute('href');
    const id = href!.split('/').pop()!;
    await page.goto(`/live-client/?session=${id}`);
    expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
    await expect(page.getByRole('alert')).toHaveText(
      /Join from the Zoom app with meeting number 89217745061 and passcode asia2000\./,
    );
    await expect(
      page.getByRole('alert').getByRole('link', { name: 'Back to the session' }),
    ).toHaveAttribute('href', `/sessions/client/${id}`);
  });

  test('[P100] iPhones see the notice instead of the platform button', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: IPHONE_AGENT,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    await expect(
      page.getByText('This device does not support In Platform streaming.'),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: /New York Open/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in Platform' })).toHaveCount(0);
    await context.close();
  });

  test('[P152] stacks the columns under 764 px', async ({ page }) => {
    await page.setViewportSize({ width: 760, height: 900 });
    await signIn(page, DEMO.member);
    await page.goto('/sessions');
    const live = await page.getByRole('region', { name: 'Live sessions' }).boundingBox();
    const recaps = await page.getByRole('region', { name: 'Recap sessions' }).boundingBox();
    expect(Math.round(recaps!.x)).toBe(Math.round(live!.x));
    expect(recaps!.y).toBeGreaterThan(live!.y + live!.height - 1);
  });
});
