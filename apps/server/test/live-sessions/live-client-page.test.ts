import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveLiveClient } from '../../src/modules/live-sessions/live-client-page.ts';
import { registerSecurityHeaders } from '../../src/plugins/security-headers.ts';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'live-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  app = Fastify();
  registerSecurityHeaders(app, false);
  await serveLiveClient(app, dir);
  app.get('/sessions', async () => 'spa');
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the live client page', () => {
  it('is cross-origin isolated with a CSP that lets the Zoom SDK run', async () => {
    const res = await app.inject({ method: 'GET', url: '/live-client/?session=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/\*\.zoom\.us/);
    expect(csp).toMatch(/worker-src [^;]*blob:/);
    expect(res.headers['permissions-policy']).toContain('microphone=(self)');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves its hashed assets with the same isolation, cached for good', async () => {
    const res = await app.inject({ method: 'GET', url: '/live-client/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(res.headers['cache-control']).toContain('immutable');
    // The Zoom SDK bundle is megabytes: browsers get the build's brotli copy.
    const compressed = await app.inject({ method: 'GET', url: '/live-client/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
  });

  it('redirects the bare path to the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/live-client' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/live-client/');
  });

  it('leaves the rest of the app with the strict defaults', async () => {
    const res = await app.inject({ method: 'GET', url: '/sessions' });
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('zoom');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('is skipped when the live client has not been built', async () => {
    const bare = Fastify();
    await serveLiveClient(bare, path.join(dir, 'missing'));
    await bare.ready();
    expect((await bare.inject({ method: 'GET', url: '/live-client/' })).statusCode).toBe(404);
    await bare.close();
  });
});
