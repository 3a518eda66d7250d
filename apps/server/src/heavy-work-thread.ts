/**
 * The heavy work a member's request or job starts, on its own thread so that no member's
 * backtest or import holds up the others' requests (lib/heavy-work.ts sends it here). Each call
 * is a pure computation: the database stays with the caller.
 */
import { backtest as runEngine, type BacktestOptions, type OrbSettings } from '@th/domain';
import type { TradeImportInput } from '@th/contracts';
import { serveCalls } from './lib/threads.ts';
import { parseBars } from './modules/backtests/bar-cache.ts';
import { resultOf } from './modules/backtests/present.ts';
import { readImportFile } from './modules/reports/import-file.ts';
import { importRecords, type ImportedTradeInput } from './modules/trades/import.ts';
import { zipArchive, type ArchiveFile } from './modules/data-rights/archive.ts';

serveCalls({
  /** A backtest's result over the bars of `cachedBarsText`. */
  backtest: (settings: OrbSettings, barsText: string, options: BacktestOptions) => {
    const bars = parseBars(barsText);
    return resultOf(runEngine(settings, bars, options), bars.length);
  },
  readImportFile: (input: TradeImportInput) => readImportFile(input),
  importRecords: (rows: ImportedTradeInput[]) => importRecords(rows),
  zipArchive: (files: ArchiveFile[]) => zipArchive(files),
});
