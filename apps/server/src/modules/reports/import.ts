/**
 * POST /api/trades/import/preview and POST /api/trades/import: a CSV of trades read row by row;
 * the preview shows each row with its errors and whether it was imported before, the commit
 * inserts the valid new rows through the trades module and nothing else.
 */
import type { TradeImportInput, TradeImportPreview, TradeImportResult } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { heavyWork } from '../../lib/heavy-work.ts';
import { importedKeys, insertImportedTrades } from '../trades/index.ts';

const pairKey = (accountLabel: string, key: string) => `${accountLabel}\u0000${key}`;

export async function previewImport(
  ctx: AppContext,
  userId: string,
  input: TradeImportInput,
): Promise<{ data: TradeImportPreview }> {
  const { format, rows } = await heavyWork.readImportFile(input);
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
  const { rows } = await heavyWork.readImportFile(input);
  const valid = rows.flatMap((row) => (row.trade ? [row.trade] : []));
  const invalid = rows.length - valid.length;
  const records = await heavyWork.importRecords(valid);
  const { inserted, duplicates } = await insertImportedTrades(ctx.db, userId, valid, ctx.now(), records);
  const parts = [`${inserted} ${inserted === 1 ? 'trade' : 'trades'} imported`];
  if (duplicates > 0) parts.push(`${duplicates} already in your journal`);
  if (invalid > 0) parts.push(`${invalid} ${invalid === 1 ? 'row' : 'rows'} with errors skipped`);
  return { message: `${parts.join(', ')}.`, data: { inserted, duplicates, invalid } };
}
