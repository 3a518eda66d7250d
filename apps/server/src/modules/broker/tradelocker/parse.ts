/**
 * Tolerant readers for what TradeLocker sends: numbers as strings, booleans as "true"/"false",
 * null for missing values, ids beyond 2^53. Rows arrive as arrays in the config's column order
 * and are mapped by column id, never by position alone.
 */
import { BrokerError } from './broker-error.ts';

export type Row = Record<string, unknown>;

/**
 * JSON.parse that keeps long integer literals (ids above 2^53) as strings. Only bare integers
 * of 16+ digits are quoted; if that rewrite ever breaks the text, plain parsing is used.
 */
export function parseBrokerJson(text: string): unknown {
  const guarded = text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, '$1"$2"');
  try {
    return JSON.parse(guarded);
  } catch {
    return JSON.parse(text);
  }
}

export function str(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return null;
}

export function num(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A decimal kept as a string ("90415.16"), for prices, lots and money. */
export function decimal(value: unknown): string | null {
  if (typeof value === 'string')
    return value.trim() !== '' && Number.isFinite(Number(value)) ? value.trim() : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function bool(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === 'TRUE' || value === 1 || value === '1')
    return true;
  if (value === false || value === 'false' || value === 'FALSE' || value === 0 || value === '0')
    return false;
  return null;
}

/** A time as epoch ms, from ms numbers, numeric strings or ISO dates. */
export function time(value: unknown): number | null {
  const n = num(value);
  if (n !== null) return n < 1e11 ? n * 1000 : n; // seconds are promoted to ms
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

export function record(value: unknown): Row {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Maps an array row onto column ids; rows that already are objects pass through. */
export function mapRow(columns: string[], row: unknown): Row {
  if (!Array.isArray(row)) return record(row);
  const out: Row = {};
  columns.forEach((id, i) => {
    out[id] = row[i] ?? null;
  });
  return out;
}

export function columnIds(config: unknown, key: string): string[] {
  const columns = list(record(record(config)[key]).columns);
  return columns.map((c) => str(record(c).id) ?? '').filter((id) => id !== '');
}

export function requireString(value: unknown, what: string): string {
  const s = str(value);
  if (s === null || s === '')
    throw new BrokerError('bad_response', `TradeLocker answer is missing ${what}`);
  return s;
}
