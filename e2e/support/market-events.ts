import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEMO } from './session';

/** Signs in through the API without touching the page's stored session; answers the token and the headers to call with. */
export async function apiSession(page: Page, account: { email: string; password: string }) {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const res = await page.request.post('/api/login', {
    data: { username: account.email, password: account.password, device_name: 'e2e' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return async (method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown) => {
    // The cookie changes when another session asks for one: read it at each call.
    const current = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const answer = await page.request.fetch(url, { method, headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': current }, data });
    expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
}

type CalendarEvent = { title: string; currency: string; datetime: string; impact: string; forecast: string | null; previous: string | null; actual: string | null };

/**
 * Adds a high-impact event `minutes` from now to the economic calendar the way staff do: the
 * week as the calendar has it plus the new event, uploaded as a feed file (an upload replaces
 * its weeks, so the week's other events go along unchanged).
 */
export async function addHighImpactEvent(page: Page, event: { title: string; currency: string; minutes: number }) {
  const staff = await apiSession(page, DEMO.admin);
  const week = (await staff('GET', '/api/market-events?scope=all')) as { data: CalendarEvent[] };
  const feed = [
    ...week.data.map((e) => ({ title: e.title, country: e.currency, date: e.datetime, impact: e.impact, forecast: e.forecast, previous: e.previous, actual: e.actual })),
    { title: event.title, country: event.currency, date: new Date(Date.now() + event.minutes * 60_000).toISOString(), impact: 'High', forecast: '', previous: '' },
  ];
  const answer = await staff('POST', '/api/staff/market-events/imports/upload', { file_name: 'e2e-week.json', content: JSON.stringify(feed) });
  expect(answer.status, answer.message).toBe('succeeded');
}

/**
 * Makes the server's mail outbox unwritable, as a full disk would (a file where its folder
 * should be: the tests run as root, so permissions would not stop it); answers the repair.
 */
export function breakOutbox(): () => void {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const kept = `${outbox}.kept`;
  const had = existsSync(outbox);
  if (had) renameSync(outbox, kept);
  writeFileSync(outbox, 'not a folder');
  return () => {
    rmSync(outbox);
    if (had) renameSync(kept, outbox);
    else mkdirSync(outbox, { recursive: true, mode: 0o700 });
  };
}
