/** The community module's public file: other modules import the community module only from here (lint enforces it). */
export { communityImageFilesOf } from './images.ts';
