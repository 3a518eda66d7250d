import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotFilesOf } from '../../src/modules/journals/index.ts';
import { createMember } from '../support/members.ts';
import { type FormPart, multipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedWeek } from '../trades/fixtures.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let memberId: string;
let manualIds: string[];
let p1: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4, 0), Buffer.from('WEBP'), Buffer.alloc(32, 3)]);

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  memberId = member.id;
  token = await t.login(member.email, member.password);
  ({ manualIds } = await seedWeek(t, member, token));
  const day = (await t.call('GET', '/api/trades/order-history?entry_from=2026-01-05&entry_to=2026-01-05&side=buy&instrument=NAS', { token })).json();
  p1 = day.data[0].id;
  const other = await createMember(t.ctx);
  otherToken = await t.login(other.email, other.password);
});
afterAll(() => t.close());

function attach(date: string, parts: FormPart[], as = token) {
  const { payload, headers } = multipart(parts);
  return t.call('POST', `/api/journals/days/${date}/screenshots`, { token: as, body: payload, headers });
}
const image = (value: Buffer, filename = 'chart.png', type = 'image/png'): FormPart => ({ name: 'file', filename, type, value });
const count = async () =>
  (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from journal_screenshots'))[0]!.n;

describe('journal screenshots', () => {
  it('attaches images to the day and to a trade of that day, lists them and serves each with its real type', async () => {
    const day = await attach('2026-01-05', [image(PNG, 'desk.jpg', 'image/jpeg')]);
    expect(day.statusCode, day.body).toBe(201);
    expect(day.json().message).toBe('Screenshot attached to the day.');
    expect(day.json().data).toMatchObject({ date: '2026-01-05', trade_id: null, content_type: 'image/png', size: PNG.length });

    const onTrade = await attach('2026-01-05', [
      image(JPEG, 'entry.jpg', 'image/jpeg'),
      { name: 'thumbnail', filename: 'thumb.webp', type: 'image/webp', value: WEBP },
      { name: 'trade_id', value: p1 },
    ]);
    expect(onTrade.statusCode, onTrade.body).toBe(201);
    expect(onTrade.json().message).toBe('Screenshot attached to the trade.');
    expect(onTrade.json().data).toMatchObject({ trade_id: p1, content_type: 'image/jpeg' });

    const list = await t.call('GET', '/api/journals/days/2026-01-05/screenshots', { token });
    expect(list.json().data.map((s: { trade_id: string | null }) => s.trade_id)).toEqual([null, p1]);

    const full = await t.call('GET', `/api/journals/screenshots/${onTrade.json().data.id}/image`, { token });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toContain('private');
    expect(full.rawPayload.equals(JPEG)).toBe(true);
    const thumb = await t.call('GET', `/api/journals/screenshots/${onTrade.json().data.id}/image?size=thumbnail`, { token });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.equals(WEBP)).toBe(true);
    // Without a small copy the thumbnail is the image itself.
    const dayThumb = await t.call('GET', `/api/journals/screenshots/${day.json().data.id}/image?size=thumbnail`, { token });
    expect(dayThumb.rawPayload.equals(PNG)).toBe(true);

    const files = await screenshotFilesOf(t.ctx, memberId);
    expect(files.map((f) => f.name)).toEqual([`screenshots/${day.json().data.id}.png`, `screenshots/${onTrade.json().data.id}.jpg`]);
  });

  it('refuses what is not an image, an empty or oversized file, a missing file and a fake thumbnail, storing nothing', async () => {
    const before = await count();
    const html = await attach('2026-01-06', [image(Buffer.from('<html><script>alert(1)</script></html>'))]);
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.file).toEqual(['Upload a PNG, JPEG, WebP or GIF image.']);
    const empty = await attach('2026-01-06', [image(Buffer.alloc(0))]);
    expect(empty.json().errors.file).toEqual(['The image is empty.']);
    const big = await attach('2026-01-06', [image(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))]);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toEqual(['Images are limited to 5 MB.']);
    const none = await attach('2026-01-06', [{ name: 'trade_id', value: p1 }]);
    expect(none.json().errors.file).toEqual(['Choose an image to upload.']);
    const fakeThumb = await attach('2026-01-06', [image(PNG), { name: 'thumbnail', filename: 't.png', type: 'image/png', value: Buffer.from('<svg/>') }]);
    expect(fakeThumb.json().errors.thumbnail).toEqual(['Upload a PNG, JPEG, WebP or GIF image.']);
    const badDate = await attach('2026-02-30', [image(PNG)]);
    expect(badDate.json().errors.date).toEqual(['Invalid or missing date provided.']);
    expect(await count()).toBe(before);
  });

  it('keeps a trade\'s screenshots on its own trading day and answers 404 for trades and screenshots of others', async () => {
    const wrongDay = await attach('2026-01-06', [image(PNG), { name: 'trade_id', value: p1 }]);
    expect(wrongDay.statusCode).toBe(422);
    expect(wrongDay.json().errors.trade_id).toEqual(['This trade belongs to 2026-01-05, not 2026-01-06.']);
    const othersTrade = await attach('2026-01-05', [image(PNG), { name: 'trade_id', value: p1 }], otherToken);
    expect(othersTrade.statusCode).toBe(404);

    const [mine] = (await t.call('GET', '/api/journals/days/2026-01-05/screenshots', { token })).json().data;
    expect((await t.call('GET', '/api/journals/days/2026-01-05/screenshots', { token: otherToken })).json().data).toEqual([]);
    expect((await t.call('GET', `/api/journals/screenshots/${mine.id}/image`, { token: otherToken })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/journals/screenshots/${mine.id}`, { token: otherToken })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/journals/screenshots/not-an-id/image', { token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/journals/screenshots/${mine.id}/image`, { token })).statusCode).toBe(200);
  });

  it('holds at most ten screenshots per day and per trade, and deletes one on request', async () => {
    const results = await Promise.all(Array.from({ length: 11 }, () => attach('2026-01-08', [image(PNG)])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.find((r) => r.statusCode === 422)!;
    expect(refused.json().errors.file).toEqual(['A day holds at most 10 screenshots. Delete one to add another.']);

    const list = (await t.call('GET', '/api/journals/days/2026-01-08/screenshots', { token })).json().data;
    const deleted = await t.call('DELETE', `/api/journals/screenshots/${list[0].id}`, { token });
    expect(deleted.json().message).toBe('Screenshot deleted.');
    expect((await t.call('GET', '/api/journals/days/2026-01-08/screenshots', { token })).json().data).toHaveLength(9);
    expect((await attach('2026-01-08', [image(PNG)])).statusCode).toBe(201);
  });

  it('goes with its trade when the trade is deleted', async () => {
    const manual = manualIds[0]!; // entered 08:45 Toronto on 7 January
    expect((await attach('2026-01-07', [image(PNG), { name: 'trade_id', value: manual }])).statusCode).toBe(201);
    expect((await attach('2026-01-07', [image(PNG)])).statusCode).toBe(201);
    const before = (await t.call('GET', '/api/journals/days/2026-01-07/screenshots', { token })).json().data;
    expect(before.map((s: { trade_id: string | null }) => s.trade_id)).toEqual([manual, null]);
    expect((await t.call('DELETE', `/api/trades/manual/${manual}`, { token })).statusCode).toBe(200);
    const after = (await t.call('GET', '/api/journals/days/2026-01-07/screenshots', { token })).json().data;
    expect(after.map((s: { trade_id: string | null }) => s.trade_id)).toEqual([null]);
  });
});
