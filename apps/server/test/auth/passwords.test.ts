import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clock = new Date('2026-03-02T15:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { RESET_RATE_LIMIT: '30', APP_URL: 'https://app.test' } });
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

/** A public form request, then the password-mail job that sends what it asked for. */
async function ask(url: '/api/password/remind' | '/api/password/invite', email: string) {
  const res = await t.call('POST', url, { body: { email } });
  await t.runJobs('auth.password-mail');
  return res;
}

describe('password reset', () => {
  it('[P144] mails a link that sets a new password once and signs out every device', async () => {
    const member = await createMember(t.ctx);
    const oldToken = await t.login(member.email, member.password);
    const res = await ask('/api/password/remind', member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const link = t.mailer.linkIn(member.email);
    expect(link).toMatch(/^https:\/\/app\.test\/password\/reset\/[\w-]+\?email=/);

    const body = { token: tokenOf(link), email: member.email, password: 'NewPass123!', password_confirmation: 'NewPass123!' };
    const reset = await t.call('POST', '/api/password/reset', { body });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password successfully reset! You can now sign in with your new password.');
    expect((await t.call('GET', '/api/me', { token: oldToken })).statusCode).toBe(401);
    await t.login(member.email, 'NewPass123!');

    const again = await t.call('POST', '/api/password/reset', { body: { ...body, password: 'Other123!!', password_confirmation: 'Other123!!' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toMatch(/already been used/);
    await t.login(member.email, 'NewPass123!');
  });

  it('keeps the token only as a hash and refuses it after it expires', async () => {
    const member = await createMember(t.ctx);
    await ask('/api/password/remind', member.email);
    const token = tokenOf(t.mailer.linkIn(member.email));
    const stored = await t.ctx.database.query<{ token_hash: string }>('select token_hash from password_tokens');
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    clock = new Date(clock.getTime() + 61 * 60_000);
    const res = await t.call('POST', '/api/password/reset', {
      body: { token, email: member.email, password: 'NewPass123!', password_confirmation: 'NewPass123!' },
    });
    expect(res.statusCode).toBe(422);
    await t.login(member.email, member.password);
  });

  it('answers known and unknown addresses after the same work, and mails only the known one', async () => {
    const member = await createMember(t.ctx);
    const before = t.mailer.sent.length;
    const known = await t.call('POST', '/api/password/remind', { body: { email: member.email } });
    const unknown = await t.call('POST', '/api/password/remind', { body: { email: 'nobody@test.local' } });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    // Neither request looked the address up or mailed: each only queued the same job.
    expect(t.mailer.sent.length).toBe(before);
    expect(await t.runJobs('auth.password-mail')).toBe(2);
    expect(t.mailer.sent.slice(before).map((mail) => mail.to)).toEqual([member.email]);
  });

  it('refuses a token for another address and mismatched confirmations', async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    await ask('/api/password/remind', a.email);
    const token = tokenOf(t.mailer.linkIn(a.email));
    const wrongEmail = await t.call('POST', '/api/password/reset', {
      body: { token, email: b.email, password: 'NewPass123!', password_confirmation: 'NewPass123!' },
    });
    expect(wrongEmail.statusCode).toBe(422);
    const mismatch = await t.call('POST', '/api/password/reset', {
      body: { token, email: a.email, password: 'NewPass123!', password_confirmation: 'NewPass124!' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Passwords do not match.']);
    const blank = await t.call('POST', '/api/password/reset', { body: { email: a.email } });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(expect.arrayContaining(['token', 'password']));
    // Nothing above used the link: it still works.
    const ok = await t.call('POST', '/api/password/reset', {
      body: { token, email: a.email, password: 'NewPass123!', password_confirmation: 'NewPass123!' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('invites', () => {
  it('lets a member record without a password choose one from the invite link', async () => {
    const member = await createMember(t.ctx, { password: null });
    const res = await ask('/api/password/invite', member.email);
    expect(res.statusCode).toBe(200);
    const link = t.mailer.linkIn(member.email);
    expect(link).toContain('/account/invite/');
    const accept = await t.call('POST', '/api/password/reset', {
      body: { token: tokenOf(link), email: member.email, password: 'Invited123!', password_confirmation: 'Invited123!' },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().message).toBe('Invite accepted! You can now sign in with your new password.');
    await t.login(member.email, 'Invited123!');
  });

  it('sends a reset link instead when the member already has a password', async () => {
    const member = await createMember(t.ctx);
    await ask('/api/password/invite', member.email);
    expect(t.mailer.linkIn(member.email)).toContain('/password/reset/');
  });

  it('validates the address', async () => {
    const res = await t.call('POST', '/api/password/invite', { body: { email: '  ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Please enter your email address.']);
  });

  it('rate-limits reset requests with Retry-After', async () => {
    let last;
    for (let i = 0; i < 31; i += 1) last = await t.call('POST', '/api/password/remind', { body: { email: 'x@test.local' } });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
