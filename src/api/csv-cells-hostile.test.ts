import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRow, readCsvCell } from './csv-cells';

/** What a spreadsheet evaluates when a cell begins with it (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Texts made of what CSV and spreadsheets treat specially. */
const awkwardText = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', ';', ' ', 'a') });

/** The cells of CSV text, as an RFC 4180 reader (csv-parse, not ours) unquotes them. */
const cellsOf = (text: string): string[][] => parse(text);

describe('csvRow', () => {
  it.each([
    ['=2+3+0.5', `"'=2+3+0.5"`],
    ['+1', `"'+1"`],
    ['-1+2', `"'-1+2"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    ['\t=1+2', `"'\t=1+2"`],
    ['\r=1+2', `"'\r=1+2"`],
    ["'=1+2", `"''=1+2"`],
    // OWASP's examples: the quote inside is doubled, and the cell stays whole however a spreadsheet splits rows
    ['=1+2";=1+2', `"'=1+2"";=1+2"`],
    [`=1+2'" ;,=1+2`, `"'=1+2'"" ;,=1+2"`],
    ['photo, "best".jpg', `"photo, ""best"".jpg"`],
    ['photo.jpg', `"photo.jpg"`],
  ])('writes %j as %s', (text, cell) => {
    expect(csvRow([text, 'med_1'])).toBe(`${cell},"med_1"\r\n`);
  });

  it('writes no cell a spreadsheet evaluates, and readCsvCell gives every text back, whatever the texts', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(awkwardText, fc.string({ unit: 'binary' })), { minLength: 1, maxLength: 5 }), (texts) => {
        const [cells] = cellsOf(csvRow(texts));
        expect(cells!.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
        expect(cells!.map(readCsvCell)).toEqual(texts);
      }),
      { numRuns: 2000 },
    );
  });
});
