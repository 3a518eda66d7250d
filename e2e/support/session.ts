import { expect, type Page } from '@playwright/test';

export const DEMO = {
  member: { email: 'member@example.com', password: 'Member123!' },
  basic: { email: 'basic@example.com', password: 'Member123!' },
  suspended: { email: 'suspended@example.com', password: 'Member123!' },
  admin: { email: 'admin@example.com', password: 'Admin123!' },
} as const;

/**
 * Signs in through the API (only the auth specs drive the form) and stores the token the way
 * the SPA does, so the next navigation is signed in.
 */
export async function signIn(page: Page, account: { email: string; password: string }) {
  const api = page.request;
  await api.get('/sanctum/csrf-cookie');
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await api.post('/api/login', {
    data: { username: account.email, password: account.password, device_name: 'e2e' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token, exp } = (await res.json()) as { token: string; exp: number };
  await page.goto('/terms');
  await page.evaluate(([access, expiry]) => localStorage.setItem('th_auth', JSON.stringify({ access, exp: expiry })), [token, exp] as const);
  return token;
}

/**
 * The first link of the newest e-mail to an address written to the outbox at or after `since`
 * (ms). Reset and invite mail asked for on the public forms is sent by a job, so it is waited
 * for (the worker polls every 2 s).
 */
export async function lastMailLink(to: string, since = 0): Promise<string> {
  const { existsSync, readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    // Files are named `${Date.now()}-….eml` by the server.
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => Number(f.split('-')[0]) >= since) : [];
    for (const file of files.sort().reverse()) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${to}`)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = text.match(/https?:\/\/[^\s"<]+/)?.[0];
      if (link) return link;
    }
  }
  throw new Error(`No mail to ${to} in ${outbox} since ${new Date(since).toISOString()}`);
}

/** Sets a member's password back through the real reset flow (API), for specs that change it. */
export async function restorePassword(page: Page, account: { email: string; password: string }) {
  const xsrf = async () =>
    decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  await page.request.get('/sanctum/csrf-cookie');
  const since = Date.now();
  const remind = await page.request.post('/api/password/remind', {
    data: { email: account.email },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(remind.status()).toBe(200);
  const token = new URL(await lastMailLink(account.email, since)).pathname.split('/').pop()!;
  const reset = await page.request.post('/api/password/reset', {
    data: { token, email: account.email, password: account.password, password_confirmation: account.password },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(reset.status(), await reset.text()).toBe(200);
}
