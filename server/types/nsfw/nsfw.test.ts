import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { nsfwClassOf } from '../../../src/api/application-types/nsfw';
import type { ModelParameters } from '../../vision/models/parameters';
import { moduleOf } from '../registry';
import { runModel } from '../run-model';
import { DRAWINGS, renderDrawing } from '../testing/drawings';
import { classProbability } from './model';

const PHOTOS = new URL('../../demo/photos/', import.meta.url);
/** Photographs of the demo's library the classifier calls neutral (of its 31, it calls apple.jpg porn and football.jpg sexy). */
const NEUTRAL_PHOTOS = ['grace-hopper.jpg', 'robin.jpg', 'dog.jpg', 'coffee.jpg', 'street-30.jpg', 'car.jpg', 'birds.jpg'];
const SUBJECTS = ['Neutral', 'Drawings', 'explicit', 'porn', 'sexy', 'hentai', 'Kittens'];

const parameters = (): ModelParameters => ({
  detector_class: {},
  appearance: {},
  ...moduleOf('nsfw').settingsParameters?.({}, Object.fromEntries(SUBJECTS.map((name) => [name, { name, detector_class: null }]))),
});

async function probabilities(image: Buffer): Promise<Record<string, number>> {
  const proposals = await runModel({ type: 'nsfw', outputSubjects: SUBJECTS, parameters: parameters(), image });
  return Object.fromEntries(proposals.map((proposal) => [proposal.subject_uid, proposal.probability]));
}

describe('nsfw subjects', () => {
  it('stand for the classes by their names, synonyms and plurals', () => {
    expect(['Neutral', 'SFW', 'Drawings', 'cartoon', 'NSFW', 'adult content', 'Porn', 'suggestive', 'Hentai'].map(nsfwClassOf)).toEqual([
      'neutral',
      'neutral',
      'drawing',
      'drawing',
      'explicit',
      'explicit',
      'porn',
      'sexy',
      'hentai',
    ]);
    expect(nsfwClassOf('Kittens')).toBeNull();
  });

  it('explicit is the sum of porn, sexy and hentai', () => {
    const scores = { drawing: 0.1, hentai: 0.2, neutral: 0.1, porn: 0.3, sexy: 0.3 };
    expect(classProbability(scores, 'explicit')).toBeCloseTo(0.8);
    expect(classProbability(scores, 'drawing')).toBe(0.1);
  });
});

describe('the nsfw model (nsfwjs MobileNetV2, shipped in the package)', () => {
  it('scores real photographs neutral, each class with its probability, explicit their sum, an unknown subject even odds', { timeout: 120_000 }, async () => {
    for (const photo of NEUTRAL_PHOTOS) {
      const scores = await probabilities(await readFile(new URL(photo, PHOTOS)));
      expect(scores['Neutral'], photo).toBeGreaterThan(0.8);
      expect(scores['explicit'], photo).toBeLessThan(0.1);
      expect(scores['explicit']).toBeCloseTo(scores['porn']! + scores['sexy']! + scores['hentai']!);
      expect(scores['Neutral']! + scores['Drawings']! + scores['explicit']!).toBeCloseTo(1);
      expect(scores['Kittens']).toBe(0.5);
    }
  });

  it('scores an anime-style drawing drawing; calls simpler drawings neutral, none of them explicit', { timeout: 120_000 }, async () => {
    const anime = await probabilities(await renderDrawing('anime face'));
    expect(anime['Drawings']).toBeGreaterThan(0.8);
    for (const name of Object.keys(DRAWINGS)) {
      const scores = await probabilities(await renderDrawing(name));
      expect(scores['explicit'], name).toBeLessThan(0.05);
      // what nsfwjs learnt as drawings are illustrations and anime: clip art, sketches and diagrams read as neutral
      expect(scores['Drawings']! + scores['Neutral']!, name).toBeGreaterThan(0.95);
    }
  });
});
