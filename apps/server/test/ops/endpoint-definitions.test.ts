import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue #21 (one API definition): every /api route is registered from its definition in
 * @th/contracts, which the SPA calls through too, so a path or a schema is written once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('endpoint definitions', () => {
  it('registers every API route from its @th/contracts definition', () => {
    const handWritten = t.app.routeTable
      .filter((route) => !route.definition)
      .map((r) => `${r.method} ${r.url}`);
    expect(handWritten).toEqual([]);
  });

  it('serves each definition at its own method and path', () => {
    const moved = t.app.routeTable
      .filter(
        (route) =>
          route.definition &&
          (route.definition.method !== route.method || route.definition.path !== route.url),
      )
      .map((r) => `${r.method} ${r.url} ≠ ${r.definition?.method} ${r.definition?.path}`);
    expect(moved).toEqual([]);
  });
});
