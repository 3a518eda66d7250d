/** The data-rights module's public file: other modules import it only from here (lint enforces it). */
export { restoreOnSignIn } from './closure.ts';
