import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { multipart } from '../support/multipart.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';

// Each instance has a disk of its own, as two machines behind a proxy do.
const dataDir = mkdtempSync(path.join(tmpdir(), 'th-uploads-'));
const otherDataDir = mkdtempSync(path.join(tmpdir(), 'th-uploads-other-'));
let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let mentor: string;

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  other = await secondInstance(t, { DATA_DIR: otherDataDir });
  const m = await createMember(t.ctx, { roles: ['mentor'] });
  mentor = await t.login(m.email, m.password);
});
afterAll(async () => {
  await other.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(otherDataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function upload(filename: string, type: string, bytes: Buffer) {
  const { payload, headers } = multipart([{ name: 'file', filename, type, value: bytes }]);
  const xsrf = await t.xsrfToken();
  return t.app.inject({
    method: 'POST',
    url: '/api/staff/uploads',
    payload,
    headers: { ...headers, authorization: `Bearer ${mentor}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
  });
}

const stored = async () => (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from uploads'))[0]!.n;

describe('image uploads', () => {
  it('stores a PNG in the database and serves it inline with its real type', async () => {
    const res = await upload('chart.jpg', 'image/jpeg', PNG);
    expect(res.statusCode).toBe(200);
    const { url, content_type, size } = res.json().data;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(content_type).toBe('image/png');
    expect(size).toBe(PNG.length);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads')), 'nothing written to the disk').toBe(false);

    const audit = await t.ctx.database.query<{ action: string }>("select action from audit_log where subject_type = 'upload'");
    expect(audit.map((a) => a.action)).toEqual(['upload.created']);
  });

  it('refuses SVG and HTML whatever they are called, and files over 5 MB', async () => {
    const before = await stored();
    const svg = await upload('logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors.file).toEqual(['Upload a PNG, JPEG, WebP or GIF image.']);
    const html = await upload('photo.png', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(html.statusCode).toBe(422);

    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload('big.png', 'image/png', huge);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toEqual(['Images are limited to 5 MB.']);
    expect(await stored()).toBe(before);
  });

  it('serves an image uploaded through one instance from the other, with its type and bytes', async () => {
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
    const res = await upload('session.jpeg', 'image/jpeg', JPEG);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data;

    const served = await other.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(JPEG.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
  });

  it('answers a revalidation with 304 and no body, and an unknown name with 404', async () => {
    const { url } = (await upload('a.png', 'image/png', PNG)).json().data;
    const first = await other.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${url.slice('/uploads/'.length)}"`);
    const again = await other.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const unknown = '/uploads/0123456789abcdef0123456789abcdef.png';
    const missing = await t.app.inject({ method: 'GET', url: unknown, headers: { 'if-none-match': '"0123456789abcdef0123456789abcdef.png"' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Image not found.');
  });

  it('answers 404 for names it never stored, including path tricks', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/..%2F..%2Fpackage.json', '/uploads/x.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Image not found.');
    }
  });

  it('asks for a file when none is sent', async () => {
    const res = await t.call('POST', '/api/staff/uploads', { token: mentor, body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Choose an image to upload.']);
  });
});
