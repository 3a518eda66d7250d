/**
 * Versions before the uploads table kept images in DATA_DIR/uploads. At boot each instance
 * copies its folder's images into the database (server.ts); these run that step as two
 * instances starting together would.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUploadsFolder, storeImages } from '../../src/modules/uploads/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const oldDataDir = mkdtempSync(path.join(tmpdir(), 'th-uploads-folder-'));
const folder = path.join(oldDataDir, 'uploads');
let t: TestApp;

beforeAll(async () => {
  // The app serving the images has a disk of its own: what it serves comes from the database.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(oldDataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 9)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 4)]);
const name = (n: number, extension: string) => `${n.toString(16).padStart(32, '0')}.${extension}`;
const get = (file: string) => t.app.inject({ method: 'GET', url: `/uploads/${file}` });
const count = async () => (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from uploads'))[0]!.n;

describe('the uploads folder of an earlier version', () => {
  it('is copied into the database once, typed from the bytes, by instances starting together', async () => {
    mkdirSync(folder);
    const files: Record<string, Buffer> = {
      [name(1, 'png')]: PNG,
      [name(2, 'jpg')]: GIF, // named by an older sniffer's mistake: the bytes decide
      [name(3, 'png')]: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      [name(4, 'png')]: Buffer.concat([PNG, Buffer.from('the file')]),
      'notes.txt': Buffer.from('not an upload'),
    };
    for (const [file, bytes] of Object.entries(files)) writeFileSync(path.join(folder, file), bytes);
    // Already in the database (an instance that started earlier): the stored image stays.
    await storeImages(t.ctx.db, [{ name: name(4, 'png'), bytes: PNG, extension: 'png' }]);
    const before = await count();

    const booting = () => ({ ...t.ctx, config: { ...t.ctx.config, DATA_DIR: oldDataDir } });
    await Promise.all([importUploadsFolder(booting()), importUploadsFolder(booting())]);
    expect(await count()).toBe(before + 2);

    const png = await get(name(1, 'png'));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const gif = await get(name(2, 'jpg'));
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.rawPayload.equals(GIF)).toBe(true);
    expect((await get(name(3, 'png'))).statusCode).toBe(404);
    expect((await get(name(4, 'png'))).rawPayload.equals(PNG)).toBe(true);

    // The next start finds nothing new, and the files are left where they were.
    await importUploadsFolder(booting());
    expect(await count()).toBe(before + 2);
    for (const file of Object.keys(files)) expect(existsSync(path.join(folder, file)), file).toBe(true);
  });

  it('is nothing to do when there is no folder', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'th-uploads-none-'));
    const before = await count();
    await importUploadsFolder({ ...t.ctx, config: { ...t.ctx.config, DATA_DIR: empty } });
    expect(await count()).toBe(before);
    rmSync(empty, { recursive: true, force: true });
  });
});
