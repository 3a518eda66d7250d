import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createMember } from '../support/members.ts';
import { clientFor, createTestApp, type TestApp } from '../support/test-app.ts';

describe('sign-in limits shared by every instance', () => {
  let t: TestApp;
  let other: ReturnType<typeof clientFor> & { close: () => Promise<void> };
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '8' } });
    // A second instance: its own memory, the same database.
    const app = await buildApp({ ctx: { ...t.ctx }, logger: false });
    await app.ready();
    other = { ...clientFor(app), close: () => app.close() };
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts attempts on one address across instances', async () => {
    const member = await createMember(t.ctx);
    const body = { username: member.email, password: 'wrong-pass' };
    expect((await t.call('POST', '/api/login', { body })).statusCode).toBe(422);
    expect((await other.call('POST', '/api/login', { body })).statusCode).toBe(422);
    expect((await t.call('POST', '/api/login', { body })).statusCode).toBe(422);
    const limited = await other.call('POST', '/api/login', { body: { ...body, password: member.password } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it('limits one IP whatever addresses it makes up, on every instance', async () => {
    await t.ctx.database.query('delete from rate_limit_hits');
    const attempt = (n: number, client = n % 2 ? t : other) =>
      client.call('POST', '/api/login', { body: { username: `made-up-${n}@example.com`, password: 'wrong-pass' } });
    for (let n = 0; n < 8; n += 1) expect((await attempt(n)).statusCode).toBe(422);
    const limited = await attempt(8);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many attempts/);
  });
});

describe('a flood of sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_ADDRESS_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  it('does not hold up file reads behind password hashing, and turns the excess away at once', async () => {
    const flood = Array.from({ length: 150 }, (_, n) =>
      t.call('POST', '/api/login', { body: { username: `flood-${n}@example.com`, password: 'wrong-pass' } }),
    );
    // Static files are read on the same libuv pool that hashes passwords.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await readFile(new URL(import.meta.url));
    const readMs = performance.now() - started;
    const answers = await Promise.all(flood);
    expect(readMs).toBeLessThan(400);
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json().message).toBe('Too many sign-ins at once. Please try again in a moment.');
    expect(answers.every((res) => [422, 503].includes(res.statusCode))).toBe(true);
  });
});
