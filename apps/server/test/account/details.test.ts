import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signedInMember, type MemberOptions } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = (options: MemberOptions = {}) => signedInMember(t, options);

describe('PATCH /api/me/details', () => {
  it('requires authentication', async () => {
    const res = await t.call('PATCH', '/api/me/details', { body: { first_name: 'Nope' } });
    expect(res.statusCode).toBe(401);
  });

  it('[P146] updates only the fields sent and answers the updated profile', async () => {
    const m = await signedIn();
    await t.call('PATCH', '/api/me/details', { token: m.token, body: { phone: '+1 416 555 0100' } });
    const res = await t.call('PATCH', '/api/me/details', {
      token: m.token,
      body: { first_name: '  Priya ', birthday: '1990-04-12', timezone: 'America/Vancouver' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Details updated successfully.');
    expect(res.json().data).toMatchObject({
      first_name: 'Priya',
      last_name: expect.stringMatching(/^Member/),
      phone: '+1 416 555 0100',
      birthday: '1990-04-12',
      timezone: 'America/Vancouver',
    });
  });

  it('is open to suspended members (the account area)', async () => {
    const m = await signedIn({ status: 'suspended' });
    const res = await t.call('PATCH', '/api/me/details', { token: m.token, body: { last_name: 'Stone' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.last_name).toBe('Stone');
  });

  it('refuses bad values with field errors and changes nothing', async () => {
    const m = await signedIn();
    const res = await t.call('PATCH', '/api/me/details', {
      token: m.token,
      body: { first_name: 'Changed', phone: 'call me', birthday: '12/04/1990', timezone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phone: ['Enter a phone number using digits, spaces and + ( ) - only.'],
      birthday: ['Enter your birthday as a date.'],
      timezone: ['Choose a valid time zone.'],
    });
    const me = (await t.call('GET', '/api/me', { token: m.token })).json().data;
    expect(me.first_name).toBe('Test');
    expect(me.phone).toBeNull();
  });

  it('refuses a birthday in the future or before 1900, and keeps the one saved', async () => {
    const m = await signedIn();
    await t.call('PATCH', '/api/me/details', { token: m.token, body: { birthday: '1990-04-12' } });
    for (const birthday of ['2999-01-01', '1899-12-31']) {
      const res = await t.call('PATCH', '/api/me/details', { token: m.token, body: { birthday } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ birthday: ['Enter a valid birthday.'] });
    }
    expect((await t.call('GET', '/api/me', { token: m.token })).json().data.birthday).toBe('1990-04-12');
  });
});

describe('PATCH /api/me/details/auth', () => {
  it('[P146] changes the sign-in e-mail when sent as email and username', async () => {
    const m = await signedIn();
    const next = `renamed-${Date.now()}@test.local`;
    const res = await t.call('PATCH', '/api/me/details/auth', {
      token: m.token,
      body: { current_password: m.password, email: next.toUpperCase(), username: next.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Authentication details updated successfully.',
      data: { email: next, username: next },
    });
    await expect(t.login(next, m.password)).resolves.toBeTruthy();
    await expect(t.login(m.email, m.password)).rejects.toThrow();
    // The address signed in with until now hears of it.
    const notice = t.mailer.sent.filter((mail) => mail.to === m.email).at(-1)!;
    expect(notice.subject).toBe('Your Traders Hub sign-in details changed');
    expect(notice.text).toContain(`the sign-in e-mail was changed to ${next}`);
  });

  it('changes the password, keeps this session and signs out other devices', async () => {
    const m = await signedIn();
    const other = await t.login(m.email, m.password);
    const res = await t.call('PATCH', '/api/me/details/auth', {
      token: m.token,
      body: { current_password: m.password, password: 'Fresh-Range-42', password_confirmation: 'Fresh-Range-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.filter((mail) => mail.to === m.email).at(-1)!.text).toContain('the password was changed');
    expect((await t.call('GET', '/api/me', { token: m.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/me', { token: other })).statusCode).toBe(401);
    await expect(t.login(m.email, 'Fresh-Range-42')).resolves.toBeTruthy();
  });

  it.each([
    [{ password: 'Fresh-Range-42', password_confirmation: 'Different-42' }, 'password_confirmation', 'Passwords do not match.'],
    [{ password_confirmation: 'Fresh-Range-42' }, 'password', 'Enter a new password before confirming it.'],
    [{}, 'email', 'Enter at least one field to update.'],
    [{ username: 'not an email' }, 'username', 'Please enter a valid email address.'],
    [{ email: 'a@test.local', username: 'b@test.local' }, 'username', 'Send the same address as email and username.'],
  ])('refuses %j with the spec message', async (body, field, message) => {
    const m = await signedIn();
    const res = await t.call('PATCH', '/api/me/details/auth', { token: m.token, body: { current_password: m.password, ...body } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    await expect(t.login(m.email, m.password)).resolves.toBeTruthy();
  });

  it('changes nothing with a bearer token alone: the current password is required and checked', async () => {
    const m = await signedIn();
    const other = await t.login(m.email, m.password);
    const change = { email: 'thief@test.local', username: 'thief@test.local', password: 'Stolen-Range-42', password_confirmation: 'Stolen-Range-42' };
    const missing = await t.call('PATCH', '/api/me/details/auth', { token: m.token, body: change });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual(['Enter your current password.']);
    const wrong = await t.call('PATCH', '/api/me/details/auth', { token: m.token, body: { ...change, current_password: 'guess-1234' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
    await expect(t.login(m.email, m.password)).resolves.toBeTruthy();
    expect((await t.call('GET', '/api/me', { token: other })).statusCode).toBe(200);
  });

  it('limits guesses at the current password', async () => {
    const m = await signedIn();
    let last;
    for (let i = 0; i < 11; i += 1) {
      last = await t.call('PATCH', '/api/me/details/auth', { token: m.token, body: { current_password: `guess-${i}`, password: 'Stolen-Range-42', password_confirmation: 'Stolen-Range-42' } });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().message).toMatch(/^Too many attempts/);
  });

  it('refuses an e-mail another member uses', async () => {
    const taken = await createMember(t.ctx);
    const m = await signedIn();
    const res = await t.call('PATCH', '/api/me/details/auth', {
      token: m.token,
      body: {
        current_password: m.password,
        email: taken.email,
        username: taken.email,
        password: 'Fresh-Range-42',
        password_confirmation: 'Fresh-Range-42',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    await expect(t.login(m.email, m.password)).resolves.toBeTruthy();
  });
});
