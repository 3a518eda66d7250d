/** The reports module's public file: other modules import it only from here (lint enforces it). */
export { eraseMemberReports } from './erase.ts';
export { tradeLogCsv } from './export.ts';
