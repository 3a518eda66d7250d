/**
 * Reading an imported CSV file: its format and each row as a trade or its errors. A 5,000-row
 * file is a third of a second of parsing, so the import runs this on the heavy-work thread.
 */
import { TRADE_IMPORT_MAX_ROWS, type TradeImportInput } from '@th/contracts';
import { AppError } from '../../errors.ts';
import { parseCsv } from './csv.ts';
import { detectFormat, formatProblem, parseRow, type ImportFormat, type ParsedRow } from './import-formats.ts';

export type ImportFile = { format: ImportFormat; rows: ParsedRow[] };

/** The file's rows, or a 422 in the member's words when the file as a whole cannot be read. */
export function readImportFile(input: TradeImportInput): ImportFile {
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
