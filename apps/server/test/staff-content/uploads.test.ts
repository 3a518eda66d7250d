import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { multipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'th-uploads-'));
let t: TestApp;
let mentor: string;

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const m = await createMember(t.ctx, { roles: ['mentor'] });
  mentor = await t.login(m.email, m.password);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
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

const stored = () => readdirSync(path.join(dataDir, 'uploads'), { withFileTypes: true }).filter((f) => f.isFile()).length;

describe('image uploads', () => {
  it('stores a PNG under DATA_DIR/uploads and serves it inline with its real type', async () => {
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
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const audit = await t.ctx.database.query<{ action: string }>("select action from audit_log where subject_type = 'upload'");
    expect(audit.map((a) => a.action)).toEqual(['upload.created']);
  });

  it('refuses SVG and HTML whatever they are called, and files over 5 MB', async () => {
    const before = stored();
    const svg = await upload('logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors.file).toEqual(['Upload a PNG, JPEG, WebP or GIF image.']);
    const html = await upload('photo.png', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(html.statusCode).toBe(422);

    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload('big.png', 'image/png', huge);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toEqual(['Images are limited to 5 MB.']);
    expect(stored()).toBe(before);
  });

  it('answers 404 for names it never stored, including path tricks', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/..%2F..%2Fpackage.json', '/uploads/x.svg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('asks for a file when none is sent', async () => {
    const res = await t.call('POST', '/api/staff/uploads', { token: mentor, body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Choose an image to upload.']);
  });
});
