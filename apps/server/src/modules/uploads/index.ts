/** The uploads module's public file: other modules import it only from here (lint enforces it). */
export { UPLOAD_NAME, uploadsDir } from './service.ts';
