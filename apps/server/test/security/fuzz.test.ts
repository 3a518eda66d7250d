import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteSummary } from '../../src/app.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Schema-driven fuzzing of every JSON route: bodies shaped like the route's contract but filled
 * with hostile values. The server must never answer 5xx, and a refused request must leave the
 * database exactly as it was.
 */
let t: TestApp;
let token = '';
const PLACEHOLDER = '00000000-0000-0000-0000-000000000000';
const UNCONFIGURED = new Set(['POST /api/stripe/webhook', 'POST /api/zoom/webhook']);
// Tables a refused request may still touch by design: token last-use times and the page-view log.
// Counted attempts (rate_limit_hits) change on refused requests too: that is their job.
const VOLATILE = new Set(['api_tokens', 'page_views', 'rate_limit_hits']);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createMember(t.ctx, { roles: ['admin'], permissions: ['alphaorb.manage'] });
  token = await t.login(admin.email, admin.password);
});
afterAll(() => t.close());

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '\u0000\u202e\uFEFF',
  '𝕿𝖗𝖆𝖉𝖊 🚀 ñ 日本',
  'x'.repeat(10_000),
  '',
  '   ',
  '2026-02-30',
  'NaN',
];
/** Dates that parse but no trading history has: the bounds of the contracts must refuse them. */
const EXTREME_DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '0001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z'];
const hostileLeaf = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS, ...EXTREME_DATES),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 0.1 + 0.2, 1e20),
  fc.constantFrom(null, true, false),
  fc.string({ maxLength: 40 }),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileLeaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 })),
})).value;

/** Keys of the route's body contract, so values land on real fields. */
function keysOf(schema: z.ZodType | null): string[] {
  let current: unknown = schema;
  for (let i = 0; i < 5 && current; i += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    current = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

async function snapshot() {
  const tables = await t.ctx.database.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%' order by 1",
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    if (VOLATILE.has(table_name)) continue;
    const [row] = await t.ctx.database.query<{ h: string }>(
      `select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${table_name}" x`,
    );
    parts.push(`${table_name}:${row!.h}`);
  }
  return parts.join('\n');
}

const urlOf = (route: RouteSummary) => route.url.replace(/:([A-Za-z_]+)/g, PLACEHOLDER);
const writeRoutes = () =>
  t.app.routeTable.filter((r) => r.method !== 'GET' && r.url !== '/api/logout' && !UNCONFIGURED.has(`${r.method} ${r.url}`));

it('never answers 5xx to hostile bodies and refused requests change nothing', async () => {
  for (const route of writeRoutes()) {
    const keys = keysOf(route.body);
    const bodies: unknown[] = fc.sample(
      keys.length > 0
        ? fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] })
        : fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 4 }),
      { numRuns: 12, seed: 42 },
    );
    // Deep nesting and a body just over the 1 MB limit.
    let deep: Record<string, unknown> = { a: 'x' };
    for (let i = 0; i < 200; i += 1) deep = { a: deep };
    bodies.push(deep, { blob: 'y'.repeat(1024 * 1024 + 10) });

    const before = await snapshot();
    let accepted = false;
    for (const body of bodies) {
      const res = await t.call(route.method as 'POST', urlOf(route), { token, body });
      const label = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      expect(res.statusCode, label).toBeLessThan(500);
      if (res.statusCode < 400) accepted = true;
      else expect(res.json().message, label).toEqual(expect.any(String));
    }
    if (!accepted) expect(await snapshot(), `${route.method} ${route.url} changed data while refusing`).toBe(before);
  }
}, 240_000);

it('never answers 5xx to hostile query strings', async () => {
  const reads = t.app.routeTable.filter((r) => r.method === 'GET');
  for (const route of reads) {
    for (const value of [...HOSTILE_STRINGS.slice(0, 8), ...EXTREME_DATES]) {
      const query = ['page', 'per_page', 'date', 'from', 'to', 'entry_from', 'entry_to', 'search', 'range', 'account_id', 'limit', 'scope']
        .map((k) => `${k}=${encodeURIComponent(value)}`)
        .join('&');
      const res = await t.call('GET', `${urlOf(route)}?${query}`, { token });
      expect(res.statusCode, `${route.url}?…${value.slice(0, 20)} → ${res.statusCode} ${res.body.slice(0, 160)}`).toBeLessThan(500);
    }
  }
}, 240_000);
