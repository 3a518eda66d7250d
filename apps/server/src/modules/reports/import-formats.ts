/**
 * The two CSV formats the trade import reads (documented in docs/trade-import.md and on the
 * reports page): our generic format (also what the trade log export writes) and MetaTrader 5's
 * "Positions" history. Each row becomes a trade or a list of errors in the member's words.
 */
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type { ImportedTradeRow } from '@th/contracts';
import { centsText, toCents } from '@th/domain';
import type { ImportedTradeInput } from '../trades/index.ts';
import { unguard } from './csv.ts';

export type ImportFormat = 'generic' | 'mt5';
export const DEFAULT_IMPORT_ACCOUNT = 'Imported';

/** Generic columns and the other spellings accepted for them (case and spacing ignored). */
const GENERIC_COLUMNS: Record<string, readonly string[]> = {
  id: ['id', 'trade_id', 'position_id', 'ticket'],
  instrument: ['instrument', 'symbol'],
  side: ['side', 'direction'],
  type: ['type', 'order_type'],
  quantity: ['quantity', 'qty', 'volume', 'size', 'lots'],
  entry_time: ['entry_time', 'open_time', 'entry'],
  exit_time: ['exit_time', 'close_time', 'exit'],
  entry_price: ['entry_price', 'open_price'],
  exit_price: ['exit_price', 'close_price'],
  stop_loss: ['stop_loss', 'sl', 'stop'],
  take_profit: ['take_profit', 'tp', 'target'],
  fee: ['fee', 'fees', 'commission'],
  swap: ['swap'],
  gross_pnl: ['gross_pnl', 'gross_p/l', 'gross'],
  net_pnl: ['net_pnl', 'net_p/l', 'net', 'pnl', 'p/l'],
  account: ['account', 'account_label'],
  account_identifier: ['account_identifier', 'account_number'],
  notes: ['notes', 'note', 'comment'],
};

const norm = (header: string) => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** MetaTrader 5 "Positions": the open time and price come before the close time and price. */
const MT5_HEADER = ['time', 'position', 'symbol', 'type', 'volume', 'price', 's_/_l', 't_/_p', 'time', 'price', 'commission', 'swap', 'profit'];

export function detectFormat(header: readonly string[]): ImportFormat | null {
  const names = header.map(norm);
  if (MT5_HEADER.every((name, i) => names[i] === name)) return 'mt5';
  const has = (column: string) => GENERIC_COLUMNS[column]!.some((alias) => names.includes(alias));
  return has('instrument') && has('side') && has('entry_time') && has('net_pnl') ? 'generic' : null;
}

export function formatProblem(format: ImportFormat | 'auto'): string {
  if (format === 'mt5') {
    return 'The header does not match the MetaTrader 5 positions history: Time, Position, Symbol, Type, Volume, Price, S / L, T / P, Time, Price, Commission, Swap, Profit.';
  }
  return 'The header must name at least the columns instrument, side, entry_time and net_pnl (or be a MetaTrader 5 positions history).';
}

type Fields = Partial<Record<keyof typeof GENERIC_COLUMNS, string>>;

function genericFields(header: readonly string[], cells: readonly string[]): Fields {
  const names = header.map(norm);
  const fields: Fields = {};
  for (const [column, aliases] of Object.entries(GENERIC_COLUMNS)) {
    const index = names.findIndex((name) => aliases.includes(name));
    if (index >= 0) fields[column] = unguard(cells[index]?.trim() ?? '');
  }
  return fields;
}

function mt5Fields(cells: readonly string[]): Fields {
  const at = (i: number) => cells[i]?.trim() ?? '';
  const commission = at(10);
  return {
    id: at(1),
    entry_time: at(0),
    instrument: at(2),
    side: at(3),
    quantity: at(4),
    entry_price: at(5),
    stop_loss: at(6),
    take_profit: at(7),
    exit_time: at(8),
    exit_price: at(9),
    fee: commission,
    swap: at(11),
    gross_pnl: at(12),
    // MT5's Profit leaves out commission and swap; the journal's net includes them.
    net_pnl: sumText([at(12), commission, at(11)]),
    type: 'Market',
  };
}

/** An amount as exact decimal text ("1 234,5" is not guessed at: use a dot). */
function amountOf(text: string | undefined): string | null | 'invalid' {
  const cleaned = (text ?? '').replace(/[\s$]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (cleaned === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned) && Math.abs(Number(cleaned)) < 1e12 ? String(Number(cleaned)) : 'invalid';
}

/** The sum in cents, each amount rounded half away from zero as the journal shows it. */
function sumText(values: readonly string[]): string {
  let cents = 0;
  for (const value of values) {
    const amount = amountOf(value);
    if (amount === 'invalid') return 'invalid';
    cents += toCents(amount) ?? 0;
  }
  return centsText(cents);
}

const LOCAL_FORMATS = ['yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm', "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", 'yyyy.MM.dd HH:mm:ss', 'yyyy.MM.dd HH:mm'];

/** ISO with an offset as written; without one, the wall time in the chosen zone. */
function instantOf(text: string | undefined, zone: string): string | null | 'invalid' {
  const value = (text ?? '').trim();
  if (value === '') return null;
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value)) {
    const at = DateTime.fromISO(value, { setZone: true });
    return at.isValid ? at.toUTC().toISO() : 'invalid';
  }
  for (const format of LOCAL_FORMATS) {
    const at = DateTime.fromFormat(value, format, { zone });
    if (at.isValid) return at.toUTC().toISO();
  }
  return 'invalid';
}

function sideOf(text: string | undefined): 'buy' | 'sell' | null {
  const value = (text ?? '').trim().toLowerCase();
  if (value === 'buy' || value === 'long') return 'buy';
  if (value === 'sell' || value === 'short') return 'sell';
  return null;
}

export interface ParsedRow {
  preview: Omit<ImportedTradeRow, 'duplicate'>;
  trade: ImportedTradeInput | null;
}

/** One data row → the trade to insert, or the reasons it cannot be. */
export function parseRow(
  format: ImportFormat,
  header: readonly string[],
  row: { line: number; cells: string[] },
  options: { zone: string; accountLabel: string | undefined },
): ParsedRow {
  const fields = format === 'mt5' ? mt5Fields(row.cells) : genericFields(header, row.cells);
  const errors: string[] = [];
  const instrument = fields.instrument?.toUpperCase().slice(0, 33) || null;
  if (!instrument) errors.push('Instrument is required.');
  else if (instrument.length > 32) errors.push('Instrument is limited to 32 characters.');
  const side = sideOf(fields.side);
  if (!side) errors.push(fields.side ? `Side "${fields.side}" must be buy or sell.` : 'Side is required.');
  const entry = instantOf(fields.entry_time, options.zone);
  if (entry === null) errors.push('Entry time is required.');
  if (entry === 'invalid') errors.push('Entry time must be a date and time such as 2026-01-05 09:35.');
  const exit = instantOf(fields.exit_time, options.zone);
  if (exit === 'invalid') errors.push('Exit time must be a date and time such as 2026-01-05 10:05.');
  if (entry && exit && entry !== 'invalid' && exit !== 'invalid' && exit < entry) {
    errors.push('Exit time must be after the entry time.');
  }
  const amounts: Record<string, string | null> = {};
  const labels: Record<string, string> = {
    quantity: 'Quantity',
    entry_price: 'Entry price',
    exit_price: 'Exit price',
    stop_loss: 'Stop loss',
    take_profit: 'Take profit',
    fee: 'Fees',
    swap: 'Swap',
    gross_pnl: 'Gross P/L',
    net_pnl: 'Net P/L',
  };
  for (const [column, label] of Object.entries(labels)) {
    const amount = amountOf(fields[column]);
    if (amount === 'invalid') errors.push(`${label} must be a number.`);
    amounts[column] = amount === 'invalid' ? null : amount;
  }
  if (amounts.net_pnl === null && amountOf(fields.net_pnl) !== 'invalid') errors.push('Net P/L is required.');
  if (amounts.quantity !== null && Number(amounts.quantity) < 0) errors.push('Quantity must be 0 or more.');
  // MT5 writes 0 for "no stop / no target".
  for (const column of ['stop_loss', 'take_profit'] as const) if (amounts[column] === '0') amounts[column] = null;

  const accountLabel = (fields.account || options.accountLabel || DEFAULT_IMPORT_ACCOUNT).slice(0, 80);
  const entryTime = entry === 'invalid' ? null : entry;
  const exitTime = exit === 'invalid' ? null : exit;
  const key = fields.id
    ? `id:${fields.id.slice(0, 120)}`
    : `row:${createHash('sha256')
        .update([instrument, side, entryTime, exitTime, amounts.quantity, amounts.entry_price, amounts.exit_price, amounts.net_pnl].join('|'))
        .digest('hex')
        .slice(0, 32)}`;
  const preview = {
    line: row.line,
    key: errors.length === 0 ? key : null,
    instrument,
    side,
    entry_time: entryTime,
    exit_time: exitTime,
    quantity: amounts.quantity ?? null,
    entry_price: amounts.entry_price ?? null,
    exit_price: amounts.exit_price ?? null,
    net_pnl: amounts.net_pnl ?? null,
    account_label: accountLabel,
    errors,
  };
  if (errors.length > 0 || !instrument || !side || !entryTime || !amounts.net_pnl) return { preview, trade: null };
  return {
    preview,
    trade: {
      key,
      accountLabel,
      accountIdentifier: fields.account_identifier || null,
      instrument,
      side,
      type: fields.type || null,
      quantity: amounts.quantity ?? null,
      entryTime,
      exitTime,
      entryPrice: amounts.entry_price ?? null,
      exitPrice: amounts.exit_price ?? null,
      stopLoss: amounts.stop_loss ?? null,
      takeProfit: amounts.take_profit ?? null,
      fee: amounts.fee ?? null,
      swap: amounts.swap ?? null,
      grossPnl: amounts.gross_pnl ?? null,
      netPnl: amounts.net_pnl,
      notes: fields.notes?.slice(0, 5000) || null,
    },
  };
}
