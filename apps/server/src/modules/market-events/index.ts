/** The market events module's public file: other modules import it only from here (lint enforces it). */
export { importMarketEvents, type ImportResult } from './importer.ts';
export { fetchMarketEventsFeed } from './jobs.ts';
