/** The journals module's public file: other modules import the journals module only from here (lint enforces it). */
export { tradeNoteOf } from './notes.ts';
export { screenshotFilesOf } from './screenshots.ts';
