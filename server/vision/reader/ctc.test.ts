import { Tensor } from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { decodeLine, spaceColumns, type LineImage } from './ctc';

/** A white line image 48 pixels high with black strokes over the given column ranges (each a "letter"). */
function lineImage(width: number, strokes: [number, number][], ink = 0): LineImage {
  const data = new Uint8Array(width * 48 * 4).fill(255);
  for (const [from, to] of strokes) {
    for (let y = 10; y < 38; y += 1) for (let x = from; x <= to; x += 1) data.set([ink, ink, ink], (y * width + x) * 4);
  }
  return { data, width, height: 48 };
}

/** Recogniser output over `steps` steps of a 4-class alphabet ['', 'A', 'B', ' '], the class at each step certain. */
function output(classes: number[]): Tensor {
  const data = new Float32Array(classes.length * 4).fill(0.01);
  classes.forEach((c, step) => (data[step * 4 + c] = 0.97));
  return new Tensor('float32', data, [1, classes.length, 4]);
}
const ALPHABET = ['', 'A', 'B', ' '];

describe('spaces between words', () => {
  it('are the runs of empty columns wider than 0.3 of the line height, not the gaps between letters', () => {
    // letters 12 px wide, 4 px apart; a 20 px gap after the second
    const line = lineImage(120, [
      [4, 15],
      [20, 31],
      [52, 63],
      [68, 79],
    ]);
    expect(spaceColumns(line)).toEqual([41.5]);
  });

  it('are found on a faint line too (the ink is a share of the line’s own contrast)', () => {
    const faint = lineImage(120, [
      [4, 15],
      [52, 63],
    ], 200);
    expect(spaceColumns(faint)).toEqual([33.5]);
  });
});

describe('decoding a line', () => {
  const line = lineImage(80, [
    [0, 10],
    [14, 24],
    [46, 56],
  ]);

  it('merges repeats, drops blanks, and puts a space where the image has one between two characters', () => {
    // 8 steps over 80 columns: A at steps 0-1, B at 2, then blanks, A at 5 (the empty columns 25-45 lie between)
    const decoded = decodeLine(output([1, 1, 2, 0, 0, 1, 0, 0]), ALPHABET, line);
    expect(decoded.text).toBe('AB A');
    expect(decoded.confidence).toBeCloseTo(0.97 ** 3); // the product of its three characters'
  });

  it('reads a repeated character apart when a blank lies between, and nothing from a line it is unsure of', () => {
    expect(decodeLine(output([1, 0, 1, 2, 0, 0, 0, 0]), ALPHABET, lineImage(80, [[0, 40]])).text).toBe('AAB');
    // A at 0.3 at every step, the other classes less likely still: a texture, not text
    const unsure = new Tensor('float32', Float32Array.from({ length: 8 * 4 }, (_, i) => (i % 4 === 1 ? 0.3 : 0.2)), [1, 8, 4]);
    expect(decodeLine(unsure, ALPHABET, line)).toEqual({ text: '', confidence: 0 });
  });
});
