/**
 * The member's archive as one ZIP (fflate, pure JavaScript). Pure: runs on the heavy-work
 * thread (lib/heavy-work.ts), since compressing a large member's trades takes longer than a
 * request thread may stall.
 */
import { strToU8, unzipSync, zipSync } from 'fflate';

export type ArchiveFile = { name: string; text?: string; bytes?: Uint8Array };

export function zipArchive(files: readonly ArchiveFile[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.name] = file.bytes ?? strToU8(file.text ?? '');
  return zipSync(entries, { level: 6 });
}

/** The files of an archive by name (tests and the staff check read it back). */
export function unzipArchive(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}
