import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { sniffImage } from './image-type.ts';
import { storedNames, storeImages, UPLOAD_NAME } from './service.ts';

/** Names looked up in one query. */
const BATCH = 500;

/**
 * Versions before the uploads table wrote each image to `${DATA_DIR}/uploads` on the instance
 * that received it. At boot every instance copies the images of its own folder that the table
 * does not hold yet; several starting together is safe (a stored name keeps its image). The
 * type is sniffed from the bytes, as at upload. The files stay: the folder may be deleted once
 * every instance has started on this version (docs/deploy.md).
 */
export async function importUploadsFolder(ctx: AppContext) {
  const dir = path.resolve(ctx.config.DATA_DIR, 'uploads');
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = entries.filter((entry) => entry.isFile() && UPLOAD_NAME.test(entry.name)).map((entry) => entry.name);
  let imported = 0;
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const stored = await storedNames(ctx.db, batch);
    for (const name of batch) {
      if (stored.has(name)) continue;
      const bytes = await readFile(path.join(dir, name));
      const extension = sniffImage(bytes);
      if (!extension) {
        ctx.log.warn({ file: path.join(dir, name) }, 'uploads folder: not an image, left out');
        continue;
      }
      await storeImages(ctx.db, [{ name, bytes, extension }]);
      imported += 1;
    }
  }
  if (imported > 0) ctx.log.info({ imported, dir }, 'uploads folder copied into the database');
}
