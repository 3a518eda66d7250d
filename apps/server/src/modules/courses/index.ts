/** The courses module's public file: other modules import it only from here (lint enforces it). */
export { imageAddress, placeLesson, renameCourse, renameLesson, saveCourse, saveLesson } from './authoring.ts';
