import fs from 'node:fs';
import path from 'node:path';

/** The SPA's source folder, for tests that read its files. */
export const SRC = path.resolve(import.meta.dirname, '../src');

/** Files under src whose name `keep` accepts, as paths relative to src with forward slashes. */
export function sourceFiles(keep: (name: string) => boolean, dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(keep, full);
    return keep(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}
