import { describe, expect, it } from 'vitest';
import { DEFAULT_CHARACTER_SET } from '../../../src/api/application-types/ocr';
import { inCharacterSet, readingOf, rowsOf, type ReadLine } from './reading';

/** A line of text whose box spans x0..x1 and y0..y1. */
const line = (text: string, x0: number, y0: number, x1: number, y1: number, confidence = 0.9): ReadLine => ({
  text,
  confidence,
  box: [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ],
});

describe('the character set', () => {
  it('keeps only its characters, in the case it has, and the spaces between words', () => {
    expect(inCharacterSet('Lot 4821-b!', DEFAULT_CHARACTER_SET)).toBe('LOT 4821-B');
    expect(inCharacterSet('Lot 4821-b', '0123456789')).toBe('4821');
    expect(inCharacterSet('  a   b ', 'ab')).toBe('a b');
  });

  it('reads a lone digit in a word of letters as its look-alike letter, and a lone letter among digits as a digit', () => {
    expect(inCharacterSet('L0T 8378-M', DEFAULT_CHARACTER_SET)).toBe('LOT 8378-M');
    expect(inCharacterSet('45S5 B8', DEFAULT_CHARACTER_SET)).toBe('4555 B8');
    // a set without letters takes the look-alike digit wherever the reader saw a letter
    expect(inCharacterSet('2O26', '0123456789')).toBe('2026');
  });
});

describe('reading the lines', () => {
  const settings = (page_mode: 'single_line' | 'block') => ({ character_set: DEFAULT_CHARACTER_SET, page_mode });

  it('orders lines into rows top to bottom, each left to right', () => {
    const rows = rowsOf([line('EXIT', 10, 60, 60, 80), line('7', 80, 12, 95, 30), line('GATE', 10, 10, 70, 32)]);
    expect(rows.map((row) => row.map((l) => l.text))).toEqual([['GATE', '7'], ['EXIT']]);
  });

  it('reads every row in block mode, and the tallest row alone as a single line', () => {
    const lines = [line('made in', 10, 100, 60, 108, 0.6), line('LOT', 10, 40, 60, 70), line('4821-B', 70, 42, 150, 70)];
    expect(readingOf(lines, settings('block'))).toEqual({ text: 'LOT 4821-B MADE IN', confidence: expect.any(Number) });
    const single = readingOf(lines, settings('single_line'));
    expect(single.text).toBe('LOT 4821-B');
    expect(single.confidence).toBeCloseTo(0.81); // both its lines right
  });

  it('is as sure as all its lines are together, and reads nothing where no allowed character is left', () => {
    const reading = readingOf([line('AB', 0, 0, 20, 10, 0.9), line('CDEFGH', 30, 0, 90, 10, 0.5)], settings('single_line'));
    expect(reading).toEqual({ text: 'AB CDEFGH', confidence: expect.closeTo(0.45) });
    expect(readingOf([line('你好', 0, 0, 20, 10)], settings('block'))).toEqual({ text: '', confidence: 0 });
    expect(readingOf([], settings('block'))).toEqual({ text: '', confidence: 0 });
  });
});
