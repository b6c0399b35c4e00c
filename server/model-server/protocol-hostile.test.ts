// A /predict answer is read leniently but never trusted: only the shapes the protocol has ever had are read.
import { describe, expect, it } from 'vitest';
import { readPredictions, setupVersion } from './protocol';

const result = { from_name: 'label', to_name: 'image', type: 'rectanglelabels', value: {} };

describe('reading a /predict answer', () => {
  it('reads {results} and the older bare list, with the model_version where either puts it', () => {
    expect(readPredictions({ results: [{ result: [result], score: 0.5, model_version: 'a' }] })).toEqual({ predictions: [{ result: [result], score: 0.5, modelVersion: 'a' }], malformed: 0 });
    expect(readPredictions({ results: [{ result: [result] }], model_version: 'b' })!.predictions[0]!.modelVersion).toBe('b');
    expect(readPredictions([{ result: [] }])!.predictions).toEqual([{ result: [], score: undefined, modelVersion: null }]);
  });

  it.each([null, 'text', 42, { results: 'no' }, { predictions: [] }])('refuses %j', (answer) => {
    expect(readPredictions(answer)).toBeNull();
  });

  it('counts results that are not results, and predictions that are not predictions', () => {
    const read = readPredictions({ results: [{ result: [result, null, 'x', { from_name: 1 }], score: 'high' }, 'junk'] });
    expect(read!.malformed).toBe(4);
    expect(read!.predictions[0]).toEqual({ result: [result], score: undefined, modelVersion: null });
  });

  it('cuts a model_version to 200 characters and ignores one that is not text', () => {
    expect(setupVersion({ model_version: 'v'.repeat(500) })).toHaveLength(200);
    expect(setupVersion({ model_version: 7 })).toBeNull();
  });
});
