/**
 * Images of community posts and replies are sent with the post itself (multipart), so an image
 * exists only as part of a post the member wrote and goes with it (deleted post, erased account:
 * cascade). This file reads and saves them; images.ts serves them.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CommunityPostRequest, POST_IMAGE_ALT_MAX, POST_MAX_IMAGES } from '@th/contracts';
import type { Executor } from '../../db/client.ts';
import { communityPostImages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { IMAGE_TYPES, imageOf, thumbnailOf, type ImageExtension } from '../uploads/index.ts';

type Image = { bytes: Buffer; extension: ImageExtension };

/** One image as the browser sent it: the image, its small copy if it made one, its label. */
export type PostImageUpload = { image: Image; thumbnail: Image | null; alt: string };

const PART = /^(image|thumbnail|alt)_(\d{1,2})$/;
const TOO_MANY = `A post carries at most ${POST_MAX_IMAGES} images.`;

/**
 * The multipart parts of a post with images: `body_html`, `parent_id`, and per image n
 * `image_n`, `thumbnail_n`, `alt_n`. Every image is read and sniffed before anything is saved.
 */
export async function imagePostOf(request: FastifyRequest): Promise<{ body: CommunityPostRequest; images: PostImageUpload[] }> {
  if (!request.isMultipart()) throw AppError.invalid('image_1', 'Choose an image to upload.');
  const fields: Record<string, string> = {};
  const byNumber = new Map<number, Partial<PostImageUpload>>();
  const slot = (n: number) => {
    if (n < 1 || n > POST_MAX_IMAGES) throw AppError.invalid('images', TOO_MANY);
    const found = byNumber.get(n) ?? {};
    byNumber.set(n, found);
    return found;
  };
  for await (const part of request.parts()) {
    const match = PART.exec(part.fieldname);
    if (part.type === 'file') {
      if (match?.[1] === 'image') slot(Number(match[2])).image = await imageOf(part, part.fieldname);
      else if (match?.[1] === 'thumbnail') slot(Number(match[2])).thumbnail = await thumbnailOf(part, part.fieldname);
      else await part.toBuffer();
    } else if (typeof part.value === 'string') {
      if (match?.[1] === 'alt') slot(Number(match[2])).alt = part.value.trim().slice(0, POST_IMAGE_ALT_MAX);
      else fields[part.fieldname] = part.value;
    }
  }
  const images = [...byNumber.entries()].sort(([a], [b]) => a - b).map(([n, upload]) => {
    if (!upload.image) throw AppError.invalid(`image_${n}`, 'Choose an image to upload.');
    return { image: upload.image, thumbnail: upload.thumbnail ?? null, alt: upload.alt ?? '' };
  });
  const parentId = fields.parent_id?.trim() ? Number(fields.parent_id) : null;
  const parsed = CommunityPostRequest.safeParse({ body_html: fields.body_html ?? '', parent_id: parentId });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.invalid(String(issue.path[0] ?? 'body_html'), issue.message);
  }
  return { body: parsed.data, images };
}

/** Whether a post has images: then its text may be emptied (the images speak for it). */
export async function hasImages(db: Executor, postId: number) {
  const [row] = await db.select({ id: communityPostImages.id }).from(communityPostImages).where(eq(communityPostImages.postId, postId)).limit(1);
  return row !== undefined;
}

/** Saves a new post's images in the transaction that saves the post. */
export async function insertPostImages(tx: Executor, now: Date, owner: { postId: number; userId: string }, images: readonly PostImageUpload[]) {
  if (images.length === 0) return;
  await tx.insert(communityPostImages).values(
    images.map((upload, position) => ({
      postId: owner.postId,
      userId: owner.userId,
      position,
      alt: upload.alt,
      contentType: IMAGE_TYPES[upload.image.extension],
      size: upload.image.bytes.length,
      image: upload.image.bytes,
      thumbnailType: upload.thumbnail ? IMAGE_TYPES[upload.thumbnail.extension] : null,
      thumbnail: upload.thumbnail?.bytes ?? null,
      createdAt: now,
    })),
  );
}
