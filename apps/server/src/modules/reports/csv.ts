/**
 * CSV reading and writing (RFC 4180: quoted fields, doubled quotes, CRLF rows).
 *
 * Hand-written on purpose (issue #21 item 10): csv-parse 7 and csv-stringify 6 gave the same
 * rows and bytes but took about 2× as long to read and 3× as long to write a 5,000-row file
 * (docs/benchmarks.md, "CSV"), and the export is written on the request thread.
 *
 * Written cells are safe to open in a spreadsheet: text starting with = + - @ (or a tab or
 * carriage return) would be read as a formula, so it gets a leading apostrophe. Plain numbers
 * such as -45.25 are left alone; they cannot be formulas and must stay numbers. Cells holding
 * a comma, semicolon, tab, quote or line break are quoted.
 */
import { AppError } from '../../errors.ts';

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  // Semicolons and tabs are quoted too: a spreadsheet set to split on them would otherwise
  // start a new cell, and so a formula, in the middle of this one.
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Undoes csvCell's apostrophe so an exported file imports back unchanged. */
export function unguard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** The delimiter of a file from its header line: comma, semicolon or tab, whichever is most used. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => ({ d, n: headerLine.split(d).length }));
  return counts.sort((a, b) => b.n - a.n)[0]!.d;
}

/**
 * Rows of fields, with the line each row starts on (1-based). Blank lines are skipped. A quote
 * that never closes would swallow the rest of the file into one cell: a 422 naming its line.
 */
export function parseCsv(input: string): { line: number; cells: string[] }[] {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text.slice(0, text.search(/\r?\n|$/)));
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  const endRow = () => {
    cells.push(field);
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === delimiter) {
      cells.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += char;
  }
  if (quoted) throw AppError.invalid('csv', `A quote opened on line ${quoteLine} is never closed. Check that row, then try again.`);
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}
