import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_CSV_COLUMNS_MAX, IMPORT_CSV_ROW_MAX_CHARS, IMPORT_CSV_ROWS_MAX } from '../../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../../errors';
import type { LabelEntry, LabelSource } from '../label-source';
import { textChunks } from './read-entry';

/** A row of a CSV file with a header row, by the header's (lower-cased, trimmed) column names; a missing field is ''. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

/** Counts the rows of all CSV files of one import against IMPORT_CSV_ROWS_MAX. */
export class CsvRowBudget {
  private rows = 0;

  take(entry: LabelEntry): void {
    this.rows += 1;
    if (this.rows > IMPORT_CSV_ROWS_MAX) {
      throw tooLarge(`${entry.path}: the CSV files hold more than ${IMPORT_CSV_ROWS_MAX.toLocaleString('en')} rows, the most one import takes (IMPORT_CSV_ROWS_MAX).`);
    }
  }
}

function csvRefusal(entry: LabelEntry, error: unknown): unknown {
  if (error instanceof DomainError || !(error instanceof CsvError)) return error;
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return tooLarge(`${entry.path} has a row longer than ${IMPORT_CSV_ROW_MAX_CHARS.toLocaleString('en')} characters (IMPORT_CSV_ROW_MAX_CHARS).`);
  }
  return invalid(`${entry.path} is not CSV that can be read: ${error.message}`);
}

/**
 * The rows of a CSV file (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks) after its header,
 * as they stream, through csv-parse: at most IMPORT_CSV_COLUMNS_MAX columns, IMPORT_CSV_ROW_MAX_CHARS a row, and the
 * import's row budget. Empty lines are passed over; fields past the header's are dropped.
 */
export async function* csvRows(source: LabelSource, entry: LabelEntry, budget: CsvRowBudget, checkHeader: (columns: string[]) => void): AsyncGenerator<CsvRow> {
  const parser = parse({ bom: true, info: true, max_record_size: IMPORT_CSV_ROW_MAX_CHARS, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  // pipe() does not pass on the source's errors (a zip entry past the budget): they end the parser's stream too.
  const text = Readable.from(textChunks(source, entry));
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  let columns: string[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (columns === null) {
        if (record.length > IMPORT_CSV_COLUMNS_MAX) {
          throw tooLarge(`${entry.path} has ${record.length.toLocaleString('en')} columns; a CSV label file has at most ${IMPORT_CSV_COLUMNS_MAX} (IMPORT_CSV_COLUMNS_MAX).`);
        }
        columns = record.map((name) => name.trim().toLowerCase());
        checkHeader(columns);
        continue;
      }
      budget.take(entry);
      yield { line: info.lines, values: Object.fromEntries(columns.map((column, index) => [column, (record[index] ?? '').trim()])) };
    }
  } catch (error) {
    throw csvRefusal(entry, error);
  } finally {
    text.destroy();
    parser.destroy();
  }
  if (columns === null) checkHeader([]);
}
