/** The courses module's public file: other modules import it only from here (lint enforces it). */
export { imageAddress, saveCourse, saveLesson } from './authoring.ts';
