/** The levels module's public file: other modules import it only from here (lint enforces it). */
export { marketDataLogin } from './market-data.ts';
