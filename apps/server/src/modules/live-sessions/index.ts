/** The live sessions module's public file: other modules import it only from here (lint enforces it). */
export { passcodeOf, scheduleOf, toReplay } from './service.ts';
export { attendanceOfMember, attendanceOfSession } from './attendance.ts';
export {
  insertLiveSession,
  insertReplay,
  removeReplay,
  setReplayFields,
  updateLiveSession,
} from './authoring.ts';
export { replayReadyNotice } from './zoom-events.ts';
