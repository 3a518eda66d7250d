/** The mail module's public file: other modules import it only from here (lint enforces it). */
export type { Mail } from './mailer.ts';
export { credentialsChangedMail, inviteMail, notificationMail, passwordResetMail, withPreferencesFooter } from './templates.ts';
export { accountClosingMail, dataExportReadyMail } from './data-rights.ts';
export { riskMail, type RiskMailFacts } from './risk.ts';
