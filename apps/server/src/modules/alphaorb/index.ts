/** The AlphaORB module's public file: other modules import it only from here (lint enforces it). */
export { pauseBarredBots } from './owner-access.ts';
export { stopMemberBots } from './closure.ts';
export { pauseAccountBots } from './controls.ts';
export { runOpeningRange, type RunOpeningRange } from './opening-range.ts';
