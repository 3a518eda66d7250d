/** The uploads module's public file: other modules import it only from here (lint enforces it). */
export { imageOf, storedNames, storeImages, uploadedImage } from './service.ts';
export { importUploadsFolder } from './folder-import.ts';
export { IMAGE_TYPES, type ImageExtension } from './image-type.ts';
