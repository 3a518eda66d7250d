/** The uploads module's public file: other modules import it only from here (lint enforces it). */
export { imageOf, UPLOAD_NAME, uploadsDir } from './service.ts';
export { IMAGE_TYPES, type ImageExtension } from './image-type.ts';
