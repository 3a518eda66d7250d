import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSummary } from '../../src/app.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The authorization matrix, generated from the server's own route table: every API route is
 * called as an anonymous visitor, a suspended member, a member without the route's permission
 * and an administrator, and each answer is checked against what the route declares.
 */
let t: TestApp;
const tokens: Record<'suspended' | 'member' | 'admin', string> = { suspended: '', member: '', admin: '' };
const PLACEHOLDER = '00000000-0000-0000-0000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const [suspended, member, admin] = await Promise.all([
    createMember(t.ctx, { status: 'suspended' }),
    createMember(t.ctx),
    createMember(t.ctx, { roles: ['admin'] }),
  ]);
  tokens.suspended = await t.login(suspended.email, suspended.password);
  tokens.member = await t.login(member.email, member.password);
  tokens.admin = await t.login(admin.email, admin.password);
});
afterAll(() => t.close());

const urlOf = (route: RouteSummary) => route.url.replace(/:([A-Za-z_]+)/g, PLACEHOLDER).replace(/\*$/, 'x');
const call = (route: RouteSummary, token?: string) =>
  t.call(route.method as 'GET', urlOf(route), { token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
/** Routes allowed to answer 5xx here: the Stripe and Zoom webhooks say 503 while not configured. */
const UNCONFIGURED = new Set(['POST /api/stripe/webhook', 'POST /api/zoom/webhook']);
const below500 = (route: RouteSummary, status: number, label: string) => {
  if (!UNCONFIGURED.has(`${route.method} ${route.url}`)) expect(status, label).toBeLessThan(500);
};
// Logging out would revoke the token the rest of the matrix uses.
const revokes = (route: RouteSummary) => route.url === '/api/logout';

describe('authorization matrix', () => {
  it('covers every API route, and every route says who may call it', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => route.access === null).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers anonymous visitors 401 everywhere but public routes', async () => {
    for (const route of t.app.routeTable) {
      const res = await call(route);
      const label = `${route.method} ${route.url} → ${res.statusCode}`;
      if (route.access === 'public') expect([401, 403], label).not.toContain(res.statusCode);
      else expect(res.statusCode, label).toBe(401);
      below500(route, res.statusCode, label);
    }
  });

  it('confines suspended members to the account area', async () => {
    for (const route of t.app.routeTable.filter((r) => !revokes(r))) {
      const res = await call(route, tokens.suspended);
      const label = `${route.method} ${route.url} → ${res.statusCode}`;
      if (route.access === 'member') {
        expect(res.statusCode, label).toBe(403);
        expect(res.json().message, label).toMatch(/membership is inactive|permission/);
      } else {
        expect(res.statusCode, label).not.toBe(401);
      }
      below500(route, res.statusCode, label);
    }
  });

  it('refuses members without the route permission with 403', async () => {
    for (const route of t.app.routeTable.filter((r) => r.permission)) {
      const res = await call(route, tokens.member);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets an administrator through every permission check', async () => {
    for (const route of t.app.routeTable.filter((r) => !revokes(r))) {
      const res = await call(route, tokens.admin);
      const label = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      expect([401, 403], label).not.toContain(res.statusCode);
      below500(route, res.statusCode, label);
    }
  });
});
