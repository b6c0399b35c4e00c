import type { TextReading } from '../../../src/api/application-types/answer';
import { normalizedText, type OcrSettings } from '../../../src/api/application-types/ocr';

/** One line of text the recogniser read: its characters, how likely they are right, and its corners in the image. */
export interface ReadLine {
  text: string;
  /** The probability that every character of it is read right, 0..1. */
  confidence: number;
  /** Its four corners, clockwise from the top left, in the image's pixels. */
  box: [number, number][];
}

/** Characters a recogniser confuses, each way: read where the other is wanted, the other is meant. */
const LOOK_ALIKES: Record<string, string> = { O: '0', '0': 'O', I: '1', '1': 'I', S: '5', '5': 'S', B: '8', '8': 'B', Z: '2', '2': 'Z', G: '6', '6': 'G' };

const isLetter = (c: string) => /\p{L}/u.test(c);
const isDigit = (c: string) => /\d/.test(c);

/**
 * The character as the application allows it: itself or its other case, or nothing. In a word of letters a lone
 * digit is read as its look-alike letter ("L0T" is LOT), in a word of digits a lone letter as its look-alike digit
 * ("45S5" is 4555), where the set allows the look-alike: the recogniser's dictionary has both, the word says which
 * was printed.
 */
function allowedCharacter(word: readonly string[], index: number, allowed: Set<string>): string | null {
  const c = word[index]!;
  const others = word.filter((_, i) => i !== index);
  const alike = LOOK_ALIKES[c.toUpperCase()];
  if (alike && allowed.has(alike) && others.length >= 2) {
    if (isDigit(c) && others.every(isLetter)) return alike;
    if (isLetter(c) && others.every(isDigit)) return alike;
  }
  return [c, c.toUpperCase(), c.toLowerCase()].find((candidate) => allowed.has(candidate)) ?? null;
}

/** The text with only the application's characters (spaces kept between words). */
export function inCharacterSet(text: string, characterSet: string): string {
  const allowed = new Set(characterSet);
  const words = text.split(/\s+/).map((word) => {
    const characters = [...word];
    return characters.map((_, i) => allowedCharacter(characters, i, allowed) ?? '').join('');
  });
  return normalizedText(words.join(' '));
}

const top = (line: ReadLine) => Math.min(...line.box.map(([, y]) => y));
const bottom = (line: ReadLine) => Math.max(...line.box.map(([, y]) => y));
const left = (line: ReadLine) => Math.min(...line.box.map(([x]) => x));

/** Rows of lines, top to bottom (a line whose middle is within a row's first line shares its row), each left to right. */
export function rowsOf(lines: readonly ReadLine[]): ReadLine[][] {
  const rows: ReadLine[][] = [];
  for (const line of [...lines].sort((a, b) => top(a) - top(b))) {
    const middle = (top(line) + bottom(line)) / 2;
    const row = rows.find((r) => middle >= top(r[0]!) && middle <= bottom(r[0]!));
    if (row) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => row.sort((a, b) => left(a) - left(b)));
}

const rowHeight = (row: readonly ReadLine[]) => Math.max(...row.map((line) => bottom(line) - top(line)));

/**
 * What the application reads from the recogniser's lines, in its character set: a `single_line` application the
 * most prominent row of text (its tallest: a label's code rather than the small print around it), a `block` every
 * row top to bottom, each row's lines joined left to right by a space; and how likely all of it is right (the
 * product of its lines' confidences). An empty text when nothing is left.
 */
export function readingOf(lines: readonly ReadLine[], { character_set, page_mode }: OcrSettings): TextReading {
  const rows = rowsOf(lines)
    .map((row) => row.map((line) => ({ ...line, text: inCharacterSet(line.text, character_set) })).filter((line) => line.text !== ''))
    .filter((row) => row.length > 0);
  const kept = page_mode === 'block' ? rows.flat() : (rows.sort((a, b) => rowHeight(b) - rowHeight(a))[0] ?? []);
  const text = normalizedText(kept.map((line) => line.text).join(' '));
  if (text === '') return { text: '', confidence: 0 };
  const confidence = kept.reduce((product, line) => product * line.confidence, 1);
  return { text, confidence: Math.min(1, Math.max(0, confidence)) };
}
