// The files a page's first load asks for, from a build: `npm run build`, then
// `npx tsx bench/route-files.ts [dist dir]` (default apps/web/dist). Reads the entry's preload
// map (Vite lists, for each lazy import, the chunk and every script and style sheet it needs),
// so the count is exact and not subject to the machine's load: the document's entry and style
// sheet, plus what the page's layout and route modules need. Sizes are the build's gzip copies
// (browsers are sent brotli, a little smaller).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /src="\/assets\/(index-[^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error(`no entry script in ${dist}/index.html`);
const documentFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:css|js))"/g)].map((m) => m[1]!);

const code = readFileSync(path.join(assets, entry), 'utf8');
const files = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(code)?.[1] ?? '[]') as string[];
/** Each lazily imported chunk, by its name without the hash, and the files its import loads. */
const needs = new Map<string, string[]>();
for (const [, chunk, indexes] of code.matchAll(/import\("\.\/([^"]+)"\)[^\]]*?__vite__mapDeps\(\[([0-9,]*)\]\)/g))
  needs.set(
    chunk!.replace(/-[\w-]{8}\.js$/, ''),
    indexes!.split(',').map((i) => files[Number(i)]!.replace('assets/', '')),
  );

const gzipped = (file: string) => {
  const full = path.join(assets, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full)).length;
};
const kb = (list: string[]) => (list.reduce((sum, file) => sum + gzipped(file), 0) / 1024).toFixed(1);

/** Pages by the chunks the router imports for them (layout, then route; a route's loader too). */
const PAGES: [string, string[]][] = [
  ['home', ['landing-layout', 'home']],
  ['sign-in', ['landing-layout', 'account-login']],
  ['dashboard', ['platform-layout', 'dashboard']],
  ['tradedesk', ['platform-layout', 'route-loaders', 'tradedesk']],
  ['daily log', ['platform-layout', 'route-loaders', 'tradedesk-day']],
  ['trade log', ['platform-layout', 'tradelog']],
  ['reports', ['platform-layout', 'tradedesk-reports']],
  ['risk', ['platform-layout', 'risk']],
];

console.log(`entry ${entry}: ${(statSync(path.join(assets, entry)).size / 1024).toFixed(1)} KB, ${kb([entry])} KB gzipped`);
for (const [page, chunks] of PAGES) {
  const all = new Set(documentFiles);
  for (const chunk of chunks) for (const file of needs.get(chunk) ?? []) all.add(file);
  const list = [...all];
  const scripts = list.filter((file) => file.endsWith('.js'));
  console.log(
    `${page.padEnd(10)} ${String(list.length).padStart(3)} files (${scripts.length} scripts, ${list.length - scripts.length} style sheets), ` +
      `${kb(list)} KB gzipped, of which scripts ${kb(scripts)} KB`,
  );
}
