/** The playbooks module's public file: other modules import the playbooks module only from here (lint enforces it). */
export { findMemberPlaybook } from './service.ts';
