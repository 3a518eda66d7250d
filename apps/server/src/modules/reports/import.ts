/**
 * POST /api/trades/import/preview and POST /api/trades/import: a CSV of trades read row by row;
 * the preview shows each row with its errors and whether it was imported before, the commit
 * inserts the valid new rows through the trades module and nothing else.
 */
import { TRADE_IMPORT_MAX_ROWS, type TradeImportInput, type TradeImportPreview, type TradeImportResult } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { importedKeys, insertImportedTrades } from '../trades/import.ts';
import { parseCsv } from './csv.ts';
import { detectFormat, formatProblem, parseRow, type ParsedRow } from './import-formats.ts';

function readFile(input: TradeImportInput): { format: 'generic' | 'mt5'; rows: ParsedRow[] } {
  const [header, ...data] = parseCsv(input.csv);
  if (!header) throw AppError.invalid('csv', 'The file is empty.');
  const detected = detectFormat(header.cells);
  const format = input.format === 'auto' ? detected : input.format;
  if (!format || (input.format !== 'auto' && detected !== input.format)) {
    throw AppError.invalid('csv', formatProblem(input.format));
  }
  if (data.length === 0) throw AppError.invalid('csv', 'The file has a header but no trades.');
  if (data.length > TRADE_IMPORT_MAX_ROWS) {
    throw AppError.invalid('csv', `Import at most ${TRADE_IMPORT_MAX_ROWS.toLocaleString('en-US')} trades at a time; split the file.`);
  }
  const options = { zone: input.timezone, accountLabel: input.account_label };
  return { format, rows: data.map((row) => parseRow(format, header.cells, row, options)) };
}

const pairKey = (accountLabel: string, key: string) => `${accountLabel}\u0000${key}`;

export async function previewImport(
  ctx: AppContext,
  userId: string,
  input: TradeImportInput,
): Promise<{ data: TradeImportPreview }> {
  const { format, rows } = readFile(input);
  const valid = rows.flatMap((row) => (row.trade ? [row.trade] : []));
  const before = await importedKeys(ctx.db, userId, valid);
  const seen = new Set<string>();
  const previews = rows.map(({ preview, trade }) => {
    if (!trade) return { ...preview, duplicate: false };
    const pair = pairKey(trade.accountLabel, trade.key);
    const duplicate = before.has(pair) || seen.has(pair);
    seen.add(pair);
    return { ...preview, duplicate };
  });
  const duplicates = previews.filter((row) => row.duplicate).length;
  return {
    data: {
      format,
      rows: previews,
      valid: valid.length - duplicates,
      invalid: rows.length - valid.length,
      duplicates,
    },
  };
}

export async function commitImport(ctx: AppContext, userId: string, input: TradeImportInput): Promise<TradeImportResult> {
  const { rows } = readFile(input);
  const valid = rows.flatMap((row) => (row.trade ? [row.trade] : []));
  const invalid = rows.length - valid.length;
  const { inserted, duplicates } = await insertImportedTrades(ctx.db, userId, valid, ctx.now());
  const parts = [`${inserted} ${inserted === 1 ? 'trade' : 'trades'} imported`];
  if (duplicates > 0) parts.push(`${duplicates} already in your journal`);
  if (invalid > 0) parts.push(`${invalid} ${invalid === 1 ? 'row' : 'rows'} with errors skipped`);
  return { message: `${parts.join(', ')}.`, data: { inserted, duplicates, invalid } };
}
