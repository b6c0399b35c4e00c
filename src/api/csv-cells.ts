// Every CSV the service and the app write goes through here (an export's manifest, the labellers' figures), so that
// opening one in a spreadsheet runs nothing (OWASP's "CSV Injection").

/** What a spreadsheet takes for the start of a formula; and `'`, so that the protective quote can be told apart. */
const NEEDS_QUOTE_MARK = /^[=+\-@\t\r']/;

/**
 * One cell: a text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so that no
 * spreadsheet evaluates it (one beginning with `'` gets one too, so that {@link readCsvCell} can take exactly one off
 * again). Every cell is quoted, with its quotes doubled (RFC 4180): a spreadsheet that splits rows on `;` or tabs
 * then cannot cut a formula out of the middle of one.
 */
function csvCell(text: string): string {
  const marked = NEEDS_QUOTE_MARK.test(text) ? `'${text}` : text;
  return `"${marked.replaceAll('"', '""')}"`;
}

/** One row of cells, ended by CRLF (RFC 4180). */
export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The text a cell written by {@link csvRow} holds, once a CSV reader has unquoted it: without the protective `'`. */
export const readCsvCell = (cell: string): string => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);
