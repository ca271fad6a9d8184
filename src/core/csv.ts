import Papa from "papaparse";

/** A cell of a CSV file: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/**
 * A text cell a spreadsheet would run as a formula (OWASP "CSV injection"): one starting with
 * = + - @, a tab or a carriage return, unless it is a plain number such as "-40", which a
 * spreadsheet reads as that number.
 */
export const FORMULA_CELL = /^(?!-?\d+(\.\d+)?$)[=+\-@\t\r]/;

/**
 * The one CSV writer (RFC 4180, CRLF line ends, ending with one), through papaparse's `unparse`:
 * cells are quoted when they hold a comma, quote or line break, and a formula-like text cell
 * (`FORMULA_CELL`) gets a leading apostrophe and quotes, so a spreadsheet shows it as text.
 * Numbers are written as they are.
 */
export function csvDocument(header: readonly string[] | null, rows: readonly (readonly CsvCell[])[]): string {
  const all = (header ? [header, ...rows] : rows).map((row) => [...row]);
  return `${Papa.unparse(all, { newline: "\r\n", quotes: false, escapeFormulae: FORMULA_CELL })}\r\n`;
}

/**
 * A cell read back from a CSV file: the apostrophe a writer puts before a cell starting with
 * = + - @, a tab or a carriage return removed (before a plain number too, as other writers do).
 */
export const unescapeCsvCell = (cell: string): string => (cell.startsWith("'") && /^[=+\-@\t\r]/.test(cell.slice(1)) ? cell.slice(1) : cell);
