import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** PostgreSQL text cannot store U+0000: such input must be refused with a 400, never reach the database as a 500. */
let t: TestApp;
let token = '';
let email = '';
beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  email = member.email;
  token = await t.login(member.email, member.password);
});
afterAll(() => t.close());

const REFUSAL = { message: 'The request contains a null character, which is not allowed.' };

it('refuses a null character in a path segment', async () => {
  const res = await t.call('GET', '/api/courses/initial%00setup', { token });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(REFUSAL);
});

it('refuses a null character in a JSON field, and the profile keeps its old value', async () => {
  const res = await t.call('PATCH', '/api/me/details', { token, body: { first_name: 'Pri\u0000ya' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(REFUSAL);
  const me = await t.call('GET', '/api/me', { token });
  expect(me.json().data.first_name).not.toContain('\u0000');
});

it('refuses a null character in the sign-in form', async () => {
  const res = await t.call('POST', '/api/login', { body: { username: `${email}\u0000`, password: 'whatever1' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(REFUSAL);
});

it('refuses a null character in a query value', async () => {
  const res = await t.call('GET', '/api/market-events?impact=high%00', { token });
  expect(res.statusCode).toBe(400);
});
