/** The trading accounts module's public file: other modules import it only from here (lint enforces it). */
export { openBrokerSession } from './broker-session.ts';
export { listLinkedAccounts } from './service.ts';
export { forgetBrokerTokens } from './closure.ts';
