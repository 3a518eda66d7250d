import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { StaffPermissions, THUMBNAIL_MAX_BYTES, UPLOAD_MAX_BYTES, type UploadAnswer } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../staff/index.ts';
import { IMAGE_TYPES, type ImageExtension, sniffImage } from './image-type.ts';

/** Where uploaded images live: `${DATA_DIR}/uploads`, one flat folder of random names. */
export const uploadsDir = (ctx: AppContext) => path.resolve(ctx.config.DATA_DIR, 'uploads');

/** Stored names are ours alone: 32 hex characters and the sniffed format's extension. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

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

/** Saves one staff image under a random name; the type comes from the bytes, not the name. */
export async function saveUpload(
  ctx: AppContext,
  actor: AuthContext,
  file: MultipartFile | undefined,
): Promise<UploadAnswer> {
  assertMayUpload(actor);
  const { bytes, extension } = await imageOf(file);

  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  const data = { url: `/uploads/${name}`, content_type: IMAGE_TYPES[extension], size: bytes.length };
  await recordAudit(ctx.db, actor, {
    action: 'upload.created',
    subjectType: 'upload',
    subjectId: name,
    after: { ...data, original_name: file?.filename ?? null },
  });
  return { message: 'Image uploaded.', data };
}
