import { THUMBNAIL_MAX_BYTES, THUMBNAIL_SIDE } from '@th/contracts/journal-screenshots';

/**
 * A small WebP copy of an image (longest side THUMBNAIL_SIDE px) for thumbnails (journal
 * screenshots, community posts), so a phone lists images without loading each in full. Null when the browser
 * cannot make one (no canvas, an image it cannot decode) or the image is small already: the
 * server then shows the image itself.
 */
export async function thumbnailOf(file: File): Promise<Blob | null> {
  if (file.size <= THUMBNAIL_MAX_BYTES / 2 || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.8));
    return blob && blob.type === 'image/webp' && blob.size <= THUMBNAIL_MAX_BYTES ? blob : null;
  } catch {
    return null;
  }
}
