/**
 * Images of community posts, served to whoever may read their post by the post's own rule: a
 * staff-only channel's, a hidden post's image answers 404 as the post does, and a suspended
 * member is refused before (viewerOf). Deleted posts take their images with them (cascade).
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { communityPostImages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { extensionOfType, storedImageFields } from '../uploads/index.ts';
import { POST_NOT_FOUND, visiblePost } from './service.ts';
import type { Viewer } from './viewer.ts';
import { isUuid } from '../../lib/ids.ts';

const IMAGE_NOT_FOUND = 'Image not found.';

/**
 * The bytes of a post's image (its thumbnail when asked and made) for a viewer who may read the
 * post; otherwise 404 like a missing image (a hidden post's, a staff-only channel's).
 */
export async function postImage(ctx: AppContext, viewer: Viewer, id: string, size: 'full' | 'thumbnail' = 'full') {
  if (!isUuid(id)) throw new AppError('not_found', IMAGE_NOT_FOUND);
  const [row] = await ctx.db
    .select({ postId: communityPostImages.postId, ...storedImageFields(communityPostImages, size) })
    .from(communityPostImages)
    .where(eq(communityPostImages.id, id));
  if (!row) throw new AppError('not_found', IMAGE_NOT_FOUND);
  await visiblePost(ctx.db, viewer, String(row.postId)).catch((error: unknown) => {
    throw error instanceof AppError && error.message === POST_NOT_FOUND ? new AppError('not_found', IMAGE_NOT_FOUND) : error;
  });
  return { bytes: row.bytes, contentType: row.contentType };
}

/** The images of the member's posts as files of their data archive: community_images/<id>.<format>. */
export async function communityImageFilesOf(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select({ id: communityPostImages.id, contentType: communityPostImages.contentType, image: communityPostImages.image })
    .from(communityPostImages)
    .where(eq(communityPostImages.userId, userId))
    .orderBy(asc(communityPostImages.createdAt), asc(communityPostImages.position));
  return rows.map((row) => ({ name: `community_images/${row.id}.${extensionOfType(row.contentType)}`, bytes: new Uint8Array(row.image) }));
}
