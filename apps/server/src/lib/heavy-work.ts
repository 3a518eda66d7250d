/**
 * The one thread heavy work runs on (heavy-work-thread.ts), started on first use. Its calls run
 * one after another: on two cores, one thread of heavy work beside the request thread and the
 * embedded database's thread keeps every member's requests quick.
 */
import type { BacktestOptions, OrbSettings } from '@th/domain';
import type { BacktestResult, TradeImportInput } from '@th/contracts';
import type { ImportFile } from '../modules/reports/import-file.ts';
import type { ImportedTradeInput } from '../modules/trades/import.ts';
import type { ArchiveFile } from '../modules/data-rights/archive.ts';
import { startThread, type Thread } from './threads.ts';

let thread: Thread | null = null;
const heavyThread = () => (thread ??= startThread(new URL('../heavy-work-thread.ts', import.meta.url)));

export const heavyWork = {
  /** Starts the thread ahead of the first member who needs it (loading it takes a second). */
  start: () => void heavyThread(),
  backtest: (settings: OrbSettings, barsText: string, options: BacktestOptions) =>
    heavyThread().call<BacktestResult>('backtest', [settings, barsText, options]),
  readImportFile: (input: TradeImportInput) => heavyThread().call<ImportFile>('readImportFile', [input]),
  importRecords: (rows: readonly ImportedTradeInput[]) => heavyThread().call<string>('importRecords', [rows]),
  zipArchive: (files: readonly ArchiveFile[]) => heavyThread().call<Uint8Array>('zipArchive', [files]),
};
