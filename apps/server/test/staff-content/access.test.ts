import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let member: string;
let mentor: string;

beforeAll(async () => {
  t = await createTestApp();
  const plain = await createMember(t.ctx);
  const m = await createMember(t.ctx, { roles: ['mentor'] });
  [member, mentor] = await Promise.all([t.login(plain.email, plain.password), t.login(m.email, m.password)]);
});
afterAll(() => t.close());

const ID = '00000000-0000-0000-0000-000000000000';
const course = { slug: 'x', title: 'X' };
const lesson = { slug: 'x', title: 'X' };
const session = { type: 'recap', title: 'X', timezone: 'America/Toronto' };
const replay = { title: 'X' };

const routes: Array<[string, string, unknown?]> = [
  ['GET', '/api/staff/courses'],
  ['POST', '/api/staff/courses', course],
  ['GET', `/api/staff/courses/${ID}`],
  ['PUT', `/api/staff/courses/${ID}`, course],
  ['POST', `/api/staff/courses/${ID}/lessons`, lesson],
  ['GET', `/api/staff/courses/${ID}/lessons/${ID}`],
  ['PUT', `/api/staff/courses/${ID}/lessons/${ID}`, lesson],
  ['POST', `/api/staff/courses/${ID}/lessons/${ID}/move`, { direction: 'up' }],
  ['GET', '/api/staff/live-sessions'],
  ['POST', '/api/staff/live-sessions', session],
  ['GET', `/api/staff/live-sessions/${ID}`],
  ['PUT', `/api/staff/live-sessions/${ID}`, session],
  ['PUT', `/api/staff/live-sessions/${ID}/live`, { live: true }],
  ['POST', `/api/staff/live-sessions/${ID}/replays`, replay],
  ['PUT', `/api/staff/live-sessions/${ID}/replays/${ID}`, replay],
  ['DELETE', `/api/staff/live-sessions/${ID}/replays/${ID}`],
  ['GET', '/api/staff/market-events/imports'],
  ['POST', '/api/staff/market-events/imports/upload', { file_name: 'week.json', content: '[]' }],
  ['POST', '/api/staff/market-events/imports/fetch'],
  ['POST', '/api/staff/uploads'],
];

describe('staff content routes refuse non-staff', () => {
  it.each(routes)('%s %s: anonymous 401, member 403', async (method, url, body) => {
    const anonymous = await t.call(method as 'GET', url, { body });
    expect(anonymous.statusCode).toBe(401);
    const asMember = await t.call(method as 'GET', url, { body, token: member });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toMatch(/permission/);
  });

  it.each(routes.filter(([, url]) => url.includes('market-events')))(
    '%s %s: mentors (no events.manage) get 403',
    async (method, url, body) => {
      const res = await t.call(method as 'GET', url, { body, token: mentor });
      expect(res.statusCode).toBe(403);
    },
  );

  it('mentors reach courses and sessions', async () => {
    expect((await t.call('GET', '/api/staff/courses', { token: mentor })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/staff/live-sessions', { token: mentor })).statusCode).toBe(200);
  });
});
