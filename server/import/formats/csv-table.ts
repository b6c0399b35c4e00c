/** A CSV file's rows as records by its header's (lower-cased, trimmed) column names, each with its line number. */
export interface CsvTable {
  columns: string[];
  rows: { line: number; values: Record<string, string> }[];
}

/**
 * Splits RFC 4180 CSV text into rows of fields: quoted fields may hold commas, doubled quotes and line breaks; CRLF
 * and LF both end a row. Returns each row with the line it starts on.
 */
export function splitCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += char;
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}

/** The rows of a CSV file with a header row, as records; a missing trailing field is ''. */
export function readCsvTable(text: string): CsvTable {
  const [header, ...rows] = splitCsv(text.replace(/^\uFEFF/, ''));
  const columns = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  return {
    columns,
    rows: rows.map(({ line, fields }) => ({
      line,
      values: Object.fromEntries(columns.map((column, index) => [column, (fields[index] ?? '').trim()])),
    })),
  };
}
