import { chmodSync, mkdirSync } from 'node:fs';

/**
 * DATA_DIR holds the embedded database, APP_KEY and mail with reset links: only the
 * server's own user may read it. The folder itself is closed, which is what protects PGlite's
 * files (its file system layer sets their modes to 0666/0777 itself, whatever the umask) and
 * any file an older version wrote world-readable; everything else the process creates from now
 * on is 0600/0700 through the umask.
 */
export function lockDownDataDir(dataDir: string) {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
