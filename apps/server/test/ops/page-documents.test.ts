import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A build as `npm run build` leaves it: the document, and each page's own files
// (apps/web/build/route-files.ts), in the router's order.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>The Traders Hub</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const PAGES = [
  { path: '/', files: ['/assets/home-1.js', '/assets/landing-layout-1.css', '/assets/landing-layout-1.js'] },
  { path: '/tradedesk', files: ['/assets/platform-1.js', '/assets/platform-layout-1.css', '/assets/platform-layout-1.js', '/assets/tradedesk-1.css', '/assets/tradedesk-1.js'] },
  { path: '/tradedesk/day/:date', files: ['/assets/platform-1.js', '/assets/platform-layout-1.js', '/assets/tradedesk-day-1.js'] },
  { path: '/alphaorb/bots/:botSlug', files: ['/assets/platform-layout-1.js', '/assets/alphaorb-bot-1.js'] },
  { path: '/alphaorb/bots/new', files: ['/assets/platform-layout-1.js', '/assets/alphaorb-bot-create-1.js'] },
  { path: '/password/reset/:token?', files: ['/assets/landing-layout-1.js', '/assets/password-reset-1.js'] },
  { path: '/*', files: ['/assets/landing-layout-1.js', '/assets/not-found-1.js'] },
];

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'route-files.json'), JSON.stringify({ pages: PAGES }));
  t = await createTestApp({ webRoot: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The files a document asks the browser to fetch ahead, as it names them. */
function preloads(html: string) {
  return [...html.matchAll(/<link rel="(modulepreload|preload)"([^>]*)>/g)].map(([, rel, attributes]) => {
    const href = /href="([^"]+)"/.exec(attributes!)?.[1];
    return rel === 'preload' ? `${href} as ${/as="(\w+)"/.exec(attributes!)?.[1]}` : `${href} as module`;
  });
}
const expected = (files: string[]) =>
  files.map((file) => `${file} as ${file.endsWith('.css') ? 'style' : 'module'}`).sort();

describe("a page's document", () => {
  it("names TradeDesk's own scripts and style sheets for the browser to fetch with the entry", async () => {
    const res = await open('/tradedesk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(preloads(res.body).sort()).toEqual(expected(PAGES[1]!.files));
    // Asked after the entry, which the browser still fetches first; nothing inline.
    expect(res.body.indexOf('modulepreload')).toBeGreaterThan(res.body.indexOf('/assets/index-abc.js'));
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("names each page's files by the router's matching: a fixed segment before a parameter, an optional one left out", async () => {
    expect(preloads((await open('/tradedesk/day/2026-11-20')).body).sort()).toEqual(expected(PAGES[2]!.files));
    expect(preloads((await open('/TradeDesk/')).body).sort()).toEqual(expected(PAGES[1]!.files));
    expect(preloads((await open('/alphaorb/bots/new')).body).sort()).toEqual(expected(PAGES[4]!.files));
    expect(preloads((await open('/alphaorb/bots/orb-1')).body).sort()).toEqual(expected(PAGES[3]!.files));
    expect(preloads((await open('/password/reset')).body).sort()).toEqual(expected(PAGES[5]!.files));
    expect(preloads((await open('/password/reset/abc?email=a%40b.c')).body).sort()).toEqual(expected(PAGES[5]!.files));
    expect(preloads((await open('/')).body).sort()).toEqual(expected(PAGES[0]!.files));
  });

  it('gives an unknown address the not-found page and its files', async () => {
    const res = await open('/no/such/page');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body).sort()).toEqual(expected(PAGES[6]!.files));
  });

  it('is revalidated, not sent again, while it has not changed', async () => {
    const first = await open('/tradedesk');
    expect(first.headers.etag).toBeTruthy();
    const again = await open('/tradedesk', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await open('/dashboard', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);
  });
});
