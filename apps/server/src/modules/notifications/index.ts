/** The notifications module's public file: other modules import it only from here (lint enforces it). */
export { notify, sendDueNotificationsNow, type NotificationKind, type NotifyInput, type NotifyResult } from './notify.ts';
