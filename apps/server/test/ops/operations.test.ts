import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token-1234567890' } });
});
afterAll(() => t.close());

it('counts requests by route pattern and serves them only to the monitoring token', async () => {
  await t.app.inject({ url: '/healthz' });
  await t.app.inject({ url: '/api/staff/members/123' });
  expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(403);
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-1234567890' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  expect(res.body).toContain('# TYPE th_http_requests_total counter');
  expect(res.body).toMatch(/th_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
  // Ids never become label values: the pattern is recorded.
  expect(res.body).toContain('route="/api/staff/members/:id"');
  expect(res.body).not.toContain('/api/staff/members/123');
  // Label order means nothing in the exposition format; prom-client writes le first.
  expect(res.body).toMatch(/th_http_request_duration_seconds_bucket\{le="0.005",route="\/healthz"\} \d+/);
  expect(res.body).toMatch(/th_process_resident_memory_bytes \d+/);
  // prom-client's default process and event-loop metrics come with them.
  expect(res.body).toMatch(/^process_cpu_seconds_total \d/m);
  expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
});

it('serves the OpenAPI document of every route without signing in', async () => {
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  expect(paths).toEqual(expect.arrayContaining(['/api/login', '/api/me', '/api/trades/order-history']));
});
