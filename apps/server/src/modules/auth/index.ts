/** The auth module's public file: other modules import it only from here (lint enforces it). */
export { remindPassword, sendInviteTo } from './service.ts';
