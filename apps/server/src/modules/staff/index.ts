/** The staff module's public file: other modules import it only from here (lint enforces it). */
export { recordAudit } from './audit.ts';
export { anonymizeAuditFor, type ErasedIdentity } from './erase.ts';
