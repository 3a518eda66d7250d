/** The risk module's public file: other modules import it only from here (lint enforces it). */
export { ruleComplianceDays, type ComplianceRange } from './compliance.ts';
