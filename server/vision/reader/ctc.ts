import type { Tensor } from 'onnxruntime-web';

/** A line the recogniser is less sure of than this (mean over its characters) is not text: a texture, an edge. */
const MIN_LINE_MEAN = 0.5;

interface Emitted {
  character: string;
  probability: number;
  /** The steps of the output it spans, first and last. */
  first: number;
  last: number;
}

/**
 * Greedy CTC decoding of one line's recogniser output ([1, steps, classes] probabilities): the most likely class at
 * each step, repeats merged and blanks (class 0) dropped; each character keeps the steps it spans.
 */
function emitted(output: Tensor, characters: readonly string[]): Emitted[] {
  const [, steps = 0, classes = 0] = output.dims;
  const scores = output.data as Float32Array;
  const read: Emitted[] = [];
  let previous = 0;
  for (let step = 0; step < steps; step += 1) {
    let best = 0;
    for (let c = 1; c < classes; c += 1) if (scores[step * classes + c]! > scores[step * classes + best]!) best = c;
    const probability = scores[step * classes + best]!;
    if (best !== 0 && best === previous) read.at(-1)!.last = step;
    else if (best !== 0) read.push({ character: characters[best] ?? '', probability, first: step, last: step });
    previous = best;
  }
  return read;
}

/** A run of empty columns at least this share of the line's height apart from the ink on both sides is a space. */
const SPACE_WIDTH = 0.3;
/**
 * A pixel is ink where it lies this share of the line's contrast (its 98th percentile distance from the background)
 * from the background, and at least MIN_INK_CONTRAST grey levels; a column with two such pixels is not empty.
 */
const INK_SHARE = 0.35;
const MIN_INK_CONTRAST = 24;

/** The line image's grey pixel values (RGBA in). */
function greyOf({ data, width, height }: LineImage): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  return grey;
}

/** The middles (in columns) of the runs of empty columns between ink that are wide enough to be spaces. */
export function spaceColumns(line: LineImage): number[] {
  const { width, height } = line;
  const grey = greyOf(line);
  const background = [...grey].sort((a, b) => a - b)[grey.length >> 1]!;
  const distances = Array.from(grey, (value) => Math.abs(value - background));
  const contrast = [...distances].sort((a, b) => a - b)[Math.floor(distances.length * 0.98)] ?? 0;
  const inkFrom = Math.max(MIN_INK_CONTRAST, INK_SHARE * contrast);
  const inked = Array.from({ length: width }, (_, x) => {
    let ink = 0;
    for (let y = 0; y < height; y += 1) if (distances[y * width + x]! > inkFrom) ink += 1;
    return ink >= 2;
  });
  const spaces: number[] = [];
  let lastInk = -1;
  for (let x = 0; x < width; x += 1) {
    if (!inked[x]) continue;
    if (lastInk >= 0 && x - lastInk - 1 >= SPACE_WIDTH * height) spaces.push((lastInk + x) / 2);
    lastInk = x;
  }
  return spaces;
}

/** An image of one line, upright, as the recogniser read it: RGBA bytes. */
export interface LineImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * One line's text and how likely it is read right: the product of its characters' probabilities (a code is right only
 * when every character is; their mean would call a line with one doubtful character in ten 97 % sure). The model
 * seldom writes the space between words itself, so a space also goes between two characters where the line image
 * has a wide enough run of empty columns (the output's steps cover the image's width evenly). A line whose characters
 * are on average under MIN_LINE_MEAN probable reads as nothing.
 */
export function decodeLine(output: Tensor, characters: readonly string[], line: LineImage): { text: string; confidence: number } {
  const read = emitted(output, characters);
  if (read.length === 0) return { text: '', confidence: 0 };
  const mean = read.reduce((sum, c) => sum + c.probability, 0) / read.length;
  if (mean < MIN_LINE_MEAN) return { text: '', confidence: 0 };
  const steps = output.dims[1] ?? 1;
  const spaces = spaceColumns(line).map((column) => (column / line.width) * steps);
  const text = read.map((c, i) => (i > 0 && spaces.some((at) => at > read[i - 1]!.last && at < c.first) ? ' ' : '') + c.character).join('');
  const confidence = read.filter((c) => c.character.trim() !== '').reduce((product, c) => product * c.probability, 1);
  return { text: text.replace(/\s+/g, ' ').trim(), confidence };
}
