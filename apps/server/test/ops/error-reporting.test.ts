import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createErrorReporter } from '../../src/lib/error-reporting.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A Sentry-compatible service on loopback: it keeps every envelope it is sent. */
let ingest: Server;
const envelopes: Array<{ path: string; body: string }> = [];
let t: TestApp;

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      envelopes.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

it('[P38] sends an unexpected server error to the configured DSN, without what the member sent', async () => {
  const port = (ingest.address() as { port: number }).port;
  const errors = createErrorReporter({ dsn: `http://publickey@127.0.0.1:${port}/42`, environment: 'test' });
  const app = await buildApp({ ctx: { ...t.ctx, errors }, logger: false });
  app.get('/api/boom', { config: { access: 'public' } }, async () => {
    throw new TypeError('Cannot read properties of undefined (reading "net")');
  });
  await app.ready();

  const res = await app.inject({
    url: '/api/boom?email=member@example.com',
    headers: { authorization: 'Bearer secret-token-123', cookie: 'XSRF-TOKEN=cookie-secret' },
  });
  expect(res.statusCode).toBe(500);
  expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
  await errors.flush(5_000);
  await app.close();

  expect(envelopes).toHaveLength(1);
  expect(envelopes[0]!.path).toMatch(/^\/api\/42\/envelope\/\?sentry_version=7&sentry_key=publickey/);
  const body = envelopes[0]!.body;
  expect(body).toContain('"type":"TypeError"');
  expect(body).toContain('Cannot read properties of undefined');
  expect(body).toContain('"route":"/api/boom"');
  expect(body).toContain('error-reporting.test.ts');
  for (const secret of ['secret-token-123', 'cookie-secret', 'member@example.com']) expect(body).not.toContain(secret);
});

it('sends nothing and costs nothing without a DSN', async () => {
  const errors = createErrorReporter({ dsn: undefined, environment: 'test' });
  errors.capture(new Error('unseen'), { route: '/api/x' });
  await errors.flush();
  expect(envelopes.every((e) => !e.body.includes('unseen'))).toBe(true);
});
