import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { AppContext } from '../../context.ts';
import { storedNames, storeImages } from '../../modules/uploads/index.ts';

/**
 * Course and lesson artwork for the demo content: a candlestick chart in the course's colour,
 * drawn into a PNG here so the embedded default needs no image host. The pictures are stored
 * as uploaded images (seedArtwork writes them to the uploads table), exactly like an image a
 * staff member uploads: a lesson the app shows can then be saved back unchanged.
 */
const WIDTH = 800;
const HEIGHT = 300;

/** Each artwork named by the demo content, by upload name: drawn and stored by seedArtwork. */
const named = new Map<string, { hue: number; seed: number }>();

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function png(pixels: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y += 1) {
    rows[y * (1 + WIDTH * 3)] = 0; // no filter
    rows.set(pixels.subarray(y * WIDTH * 3, (y + 1) * WIDTH * 3), y * (1 + WIDTH * 3) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function draw(hue: number, seed: number): Buffer {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 3);
  const put = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    pixels.set([r, g, b], (Math.floor(y) * WIDTH + Math.floor(x)) * 3);
  };
  const from = hsl(hue, 0.6, 0.18);
  const to = hsl((hue + 40) % 360, 0.55, 0.09);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      put(x, y, [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as Rgb);
    }
  }
  const grid = hsl(hue, 0.3, 0.25);
  for (const y of [60, 120, 180, 240]) for (let x = 0; x < WIDTH; x += 1) put(x, y, grid);

  let price = 120;
  let state = seed;
  const random = () => {
    // A tiny deterministic generator: the same picture on every start.
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  for (let i = 0; i < 28; i += 1) {
    const open = price;
    const close = Math.max(40, Math.min(200, open + (random() - 0.45) * 22));
    const high = Math.max(open, close) + random() * 10;
    const low = Math.min(open, close) - random() * 10;
    const x = 40 + i * 26;
    const colour = close >= open ? hsl(hue, 0.8, 0.6) : hsl(0, 0, 0.7);
    for (let y = 260 - high; y <= 260 - low; y += 1) for (const dx of [6, 7]) put(x + dx, y, colour);
    const top = 260 - Math.max(open, close);
    const height = Math.max(2, Math.abs(close - open));
    for (let y = top; y <= top + height; y += 1) for (let dx = 0; dx < 12; dx += 1) put(x + dx, y, colour);
    price = close;
  }
  return png(pixels);
}

/** The uploads URL of a chart picture (a stable name, 32 hex characters like any upload). */
export function chartArtwork(hue: number, seed: number): string {
  const name = `${createHash('md5').update(`chart-${hue}-${seed}`).digest('hex')}.png`;
  named.set(name, { hue, seed });
  return `/uploads/${name}`;
}

/** Stores the demo artwork as uploads (once: a picture already stored is not drawn again). */
export async function seedArtwork(ctx: AppContext) {
  const stored = await storedNames(ctx.db, [...named.keys()]);
  const missing = [...named].filter(([name]) => !stored.has(name));
  await storeImages(
    ctx.db,
    missing.map(([name, { hue, seed }]) => ({ name, bytes: draw(hue, seed), extension: 'png' as const })),
  );
}
