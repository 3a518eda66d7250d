/** The raster formats staff may upload, each recognised by its first bytes (never the name). */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

export type ImageExtension = keyof typeof IMAGE_TYPES;

const EXTENSION_OF: Record<string, ImageExtension> = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([extension, type]) => [type, extension as ImageExtension]),
);

/** The file extension of a stored image's content type (an archive's file names). */
export const extensionOfType = (contentType: string): string => EXTENSION_OF[contentType] ?? 'bin';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image format the bytes really are, or null. SVG, HTML and anything else a browser could
 * run as a document are refused whatever the file is called.
 */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}
