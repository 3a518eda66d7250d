import { randomBytes } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MultipartFile } from '@fastify/multipart';
import { StaffPermissions, THUMBNAIL_MAX_BYTES, UPLOAD_MAX_BYTES, type UploadAnswer } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../staff/index.ts';
import { IMAGE_TYPES, type ImageExtension, sniffImage } from './image-type.ts';

/** Stored names are ours alone: 32 hex characters and the sniffed format's extension. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/** One image to keep under its /uploads/ name. */
export type NamedImage = { name: string; bytes: Buffer; extension: ImageExtension };

/**
 * Stores images in the uploads table. A name already stored keeps its image: the demo artwork
 * and the old uploads folder are written on every start, by every instance starting.
 */
export async function storeImages(db: Executor, images: NamedImage[]) {
  if (images.length === 0) return;
  await db
    .insert(uploads)
    .values(images.map(({ name, bytes, extension }) => ({ name, bytes, contentType: IMAGE_TYPES[extension], size: bytes.length })))
    .onConflictDoNothing({ target: uploads.name });
}

/** Which of these names are stored already (so a start need not draw or read them again). */
export async function storedNames(db: Executor, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, names));
  return new Set(rows.map((row) => row.name));
}

const TOO_LARGE = 'Images are limited to 5 MB.';

/** Course and session editors both upload; either permission is enough. */
export function assertMayUpload(actor: AuthContext) {
  if (!actor.permissions.has(StaffPermissions.content) && !actor.permissions.has(StaffPermissions.sessions)) {
    throw new AppError(
      'forbidden',
      "You don't have permission to access this feature. Contact an administrator to inquire about access.",
    );
  }
}

async function readImage(file: MultipartFile | undefined, field: string): Promise<Buffer> {
  if (!file) throw AppError.invalid(field, 'Choose an image to upload.');
  try {
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw AppError.invalid(field, TOO_LARGE);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.invalid(field, TOO_LARGE);
    throw error;
  }
}

/**
 * The bytes of one uploaded image and the format they really are (never the name's); each
 * refusal is a message on the form's `field`.
 */
export async function imageOf(
  file: MultipartFile | undefined,
  field = 'file',
): Promise<{ bytes: Buffer; extension: ImageExtension }> {
  const bytes = await readImage(file, field);
  if (bytes.length === 0) throw AppError.invalid(field, 'The image is empty.');
  if (bytes.length > UPLOAD_MAX_BYTES) throw AppError.invalid(field, TOO_LARGE);
  const extension = sniffImage(bytes);
  if (!extension) throw AppError.invalid(field, 'Upload a PNG, JPEG, WebP or GIF image.');
  return { bytes, extension };
}

/** The browser's small copy of an image (journal screenshots, community posts): an image, and small. */
export async function thumbnailOf(file: MultipartFile, field: string) {
  const thumbnail = await imageOf(file, field);
  if (thumbnail.bytes.length > THUMBNAIL_MAX_BYTES) {
    throw AppError.invalid(field, `The thumbnail is limited to ${THUMBNAIL_MAX_BYTES / 1024} KB.`);
  }
  return thumbnail;
}

/** Stores one staff image under a random name; the type comes from the bytes, not the name. */
export async function saveUpload(
  ctx: AppContext,
  actor: AuthContext,
  file: MultipartFile | undefined,
): Promise<UploadAnswer> {
  assertMayUpload(actor);
  const { bytes, extension } = await imageOf(file);

  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  const data = { url: `/uploads/${name}`, content_type: IMAGE_TYPES[extension], size: bytes.length };
  await ctx.db.transaction(async (tx) => {
    await storeImages(tx, [{ name, bytes, extension }]);
    await recordAudit(tx, actor, {
      action: 'upload.created',
      subjectType: 'upload',
      subjectId: name,
      after: { ...data, original_name: file?.filename ?? null },
    });
  });
  return { message: 'Image uploaded.', data };
}

/** A table holding `storedImage()` columns (journal screenshots, community post images). */
type StoredImageTable = { image: AnyPgColumn; contentType: AnyPgColumn; thumbnail: AnyPgColumn; thumbnailType: AnyPgColumn };

/**
 * The columns to select for one size of a stored image: the thumbnail falls back to the image
 * when the browser made none.
 */
export function storedImageFields(table: StoredImageTable, size: 'full' | 'thumbnail') {
  // Decoded as the image column decodes (bytea → Buffer), whichever column answers.
  const bytes = (size === 'thumbnail' ? sql`coalesce(${table.thumbnail}, ${table.image})` : sql`${table.image}`).mapWith(table.image) as SQL<Buffer>;
  const contentType = size === 'thumbnail' ? sql<string>`coalesce(${table.thumbnailType}, ${table.contentType})` : sql<string>`${table.contentType}`;
  return { bytes, contentType };
}

/** One stored image by its name, or null; a name that is not an upload name is never looked up. */
export async function uploadedImage(db: Executor, name: string) {
  if (!UPLOAD_NAME.test(name)) return null;
  const [row] = await db
    .select({ contentType: uploads.contentType, bytes: uploads.bytes })
    .from(uploads)
    .where(eq(uploads.name, name));
  return row ?? null;
}
