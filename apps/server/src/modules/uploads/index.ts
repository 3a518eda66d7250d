/** The uploads module's public file: other modules import it only from here (lint enforces it). */
export { imageOf, storedImageFields, storedNames, storeImages, thumbnailOf, uploadedImage } from './service.ts';
export { importUploadsFolder } from './folder-import.ts';
export { extensionOfType, IMAGE_TYPES, type ImageExtension } from './image-type.ts';
export { sendStoredImage } from './routes.ts';
