/** The uploads module's public file: other modules import it only from here (lint enforces it). */
export { imageOf, thumbnailOf, UPLOAD_NAME, uploadsDir } from './service.ts';
export { extensionOfType, IMAGE_TYPES, type ImageExtension } from './image-type.ts';
export { sendStoredImage } from './routes.ts';
