/** The broker module's public file: other modules import it only from here (lint enforces it). */
export * from './tradelocker/index.ts';
export { brokerBaseUrl, simulatorUrl, type BrokerEnvironment } from './hosts.ts';
