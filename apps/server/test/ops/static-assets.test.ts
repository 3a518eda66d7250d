import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A build as `npm run build` leaves it: hashed assets with .br and .gz copies beside them.
const entry = `export const greeting = ${JSON.stringify('hello '.repeat(2_000))};`;
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), entry);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(entry));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(entry));
  writeFileSync(path.join(dir, 'assets', 'tiny-def456.js'), 'export {};');
  t = await createTestApp({ webRoot: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built app', () => {
  it('sends browsers the compressed copy they accept, cached for good, and the plain file to the rest', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(entry.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(entry);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(entry);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entry);
  });

  it('falls back to the file itself where the build wrote no compressed copy', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('answers client-side routes with the app page, always revalidated', async () => {
    const res = await get('/tradedesk/day/2026-11-20', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/assets/index-abc123.js');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing-000000.js', 'br')).statusCode).toBe(404);
  });
});
