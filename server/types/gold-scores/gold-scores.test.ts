import { describe, expect, it } from 'vitest';
import type { FeedbackSubjectAnswer, ItemAnswer } from '../../../src/api/application-types/answer';
import { scoreBoxes } from './boxes';
import { scoreClasses } from './classes';
import { scoreGoldAnswer } from '.';
import { scorePoints } from './points';
import { scoreTexts } from './texts';
import { scoreCounts, scoreOffsets } from './values';

const yes = (subject_uid: string, app_data?: FeedbackSubjectAnswer['app_data']): FeedbackSubjectAnswer => ({ subject_uid, result: 'True', ...(app_data === undefined ? {} : { app_data }) });
const no = (subject_uid: string): FeedbackSubjectAnswer => ({ subject_uid, result: 'False' });
const box = (x0: number, y0: number, size = 10) => ({ box: { x0, y0, x1: x0 + size, y1: y0 + size } });

describe('gold scores', () => {
  it('boxes: the F1 of boxes matched at IoU ≥ 0.5 per subject; False on both sides is right', () => {
    const truth: ItemAnswer = [yes('car', [box(0, 0), box(50, 50)]), no('person')];
    expect(scoreBoxes(truth, [yes('car', [box(1, 1), box(50, 50)]), no('person')], 0)).toBe(1);
    // One of two boxes found, one extra: F1 of the car 0.5; the person, left out, is False as the truth says.
    expect(scoreBoxes(truth, [yes('car', [box(0, 0), box(80, 80)])], 0)).toBe(0.75);
    expect(scoreBoxes(truth, [yes('car', [box(6, 6), box(50, 50)]), yes('person', [box(0, 0)])], 0)).toBe(0.5 * (2 / 4));
    expect(scoreBoxes([no('car')], [no('car')], 0)).toBe(1);
  });

  it('points: matched within the tolerance, or 10 pixels when it is 0', () => {
    const truth: ItemAnswer = [yes('ball', [{ x: 10, y: 10 }, { x: 100, y: 100 }])];
    expect(scorePoints(truth, [yes('ball', [{ x: 15, y: 15 }, { x: 100, y: 108 }])], 0)).toBe(1);
    expect(scorePoints(truth, [yes('ball', [{ x: 30, y: 10 }])], 0)).toBe(0);
    expect(scorePoints(truth, [yes('ball', [{ x: 30, y: 10 }])], 25)).toBeCloseTo(2 / 3);
  });

  it('counts: 1 within the tolerance, else less the larger the error relative to the truth; False counts 0', () => {
    expect(scoreCounts([yes('people', 10)], [yes('people', 10)], 0)).toBe(1);
    expect(scoreCounts([yes('people', 10)], [yes('people', 8)], 0)).toBeCloseTo(0.8);
    expect(scoreCounts([yes('people', 10)], [yes('people', 8)], 2)).toBe(1);
    expect(scoreCounts([yes('people', 10)], [no('people')], 0)).toBe(0);
    expect(scoreCounts([no('people')], [yes('people', 1)], 0)).toBe(0);
  });

  it('offsets: an offset against the true one; one side False is wrong', () => {
    expect(scoreOffsets([yes('edge', 200)], [yes('edge', 190)], 0)).toBeCloseTo(0.95);
    expect(scoreOffsets([yes('edge', 200)], [no('edge')], 0)).toBe(0);
    expect(scoreOffsets([no('edge')], [no('edge')], 0)).toBe(1);
  });

  it('classes: 1 or 0 per subject; a wrong class misses two subjects', () => {
    expect(scoreClasses([yes('cat')], [yes('cat')], 0)).toBe(1);
    expect(scoreClasses([yes('cat')], [yes('dog')], 0)).toBe(0);
    expect(scoreClasses([yes('a'), no('b'), yes('c'), no('d')], [yes('a'), no('b'), no('c'), no('d')], 0)).toBe(0.75);
  });

  it('texts: 1 − the edit distance over the longer text, whitespace normalised', () => {
    expect(scoreTexts([yes('plate', { text: 'AB  123' })], [yes('plate', { text: 'AB 123' })], 0)).toBe(1);
    expect(scoreTexts([yes('plate', { text: 'AB 123' })], [yes('plate', { text: 'AB 128' })], 0)).toBeCloseTo(5 / 6);
    expect(scoreTexts([yes('plate', { text: 'AB' })], [no('plate')], 0)).toBe(0);
  });

  it('picks the scorer by the type’s measure', () => {
    expect(scoreGoldAnswer('static_count', [yes('people', 10)], [yes('people', 5)], 0)).toBeCloseTo(0.5);
    expect(scoreGoldAnswer('classification', [yes('cat')], [yes('dog')], 0)).toBe(0);
    expect(scoreGoldAnswer('motion', [yes('cat')], [yes('cat')], 0)).toBeNull();
  });
});
