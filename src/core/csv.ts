/**
 * A spreadsheet cell: quoted when it holds a comma, quote or line break; a text cell starting
 * with = + - @ (or a tab or carriage return) gets a leading apostrophe so a spreadsheet does not
 * run it as a formula (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: a header and rows of cells, CRLF line ends (RFC 4180), ending with one. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header.join(","), ...rows.map((row) => row.map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
