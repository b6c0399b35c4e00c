import { describe, expect, it } from 'vitest';
import type { ItemAnswer } from './answer';
import { ANSWER_RULES } from './index';

const yes = (subject_uid: string, app_data_type?: 'box_set' | 'count' | 'offset_x' | 'offset_y' | 'point', app_data?: unknown): ItemAnswer[number] =>
  app_data_type ? { subject_uid, result: 'True', app_data_type, app_data: app_data as never } : { subject_uid, result: 'True' };
const no = (subject_uid: string): ItemAnswer[number] => ({ subject_uid, result: 'False' });
const box = (x0: number, y0: number, x1: number, y1: number) => ({ box: { x0, y0, x1, y1 } });

describe('classification: the same class', () => {
  const { agree } = ANSWER_RULES.classification;
  it('agrees when every labeller chose the same class', () => {
    expect(agree([[yes('cat')], [yes('cat')], [yes('cat')]], 0)).toEqual([yes('cat')]);
  });
  it('disagrees on different classes', () => {
    expect(agree([[yes('cat')], [yes('dog')]], 0)).toBeNull();
  });
  it('agrees when all chose none of these, and not when one chose a class', () => {
    expect(agree([[no('cat'), no('dog')], [no('dog'), no('cat')]], 0)).toEqual([no('cat'), no('dog')]);
    expect(agree([[no('cat'), no('dog')], [yes('cat')]], 0)).toBeNull();
  });
});

describe('box_detection: boxes per class', () => {
  const { agree } = ANSWER_RULES.box_detection;
  it('agrees per subject when each labeller boxed the same objects of each class', () => {
    const first = [yes('car', 'box_set', [box(0, 0, 10, 10)]), no('bus')];
    const second = [yes('car', 'box_set', [box(1, 0, 11, 10)]), no('bus')];
    expect(agree([first, second], 0)).toEqual([yes('car', 'box_set', [box(1, 0, 11, 10)]), no('bus')]);
    expect(agree([first, [no('car'), yes('bus', 'box_set', [box(0, 0, 10, 10)])]], 0)).toBeNull();
  });
});

describe('detection_fullframe: majority per subject', () => {
  const { agree } = ANSWER_RULES.detection_fullframe;
  it('takes the majority of each subject', () => {
    const answers = [
      [yes('scratch'), no('dent')],
      [yes('scratch'), yes('dent')],
      [no('scratch'), no('dent')],
    ];
    expect(agree(answers, 0)).toEqual([yes('scratch'), no('dent')]);
  });
  it('calls a tie on any subject a disagreement', () => {
    expect(agree([[yes('scratch'), no('dent')], [yes('scratch'), yes('dent')]], 0)).toBeNull();
  });
});

describe('box_detection: boxes matched at IoU ≥ 0.5', () => {
  const { agree } = ANSWER_RULES.box_detection;
  it('agrees when every box matches, and gives the mean boxes', () => {
    const first = [yes('bolt', 'box_set', [box(0, 0, 10, 10), box(50, 50, 70, 70)])];
    const second = [yes('bolt', 'box_set', [box(52, 50, 72, 70), box(0, 0, 10, 12)])];
    expect(agree([first, second], 0)).toEqual([yes('bolt', 'box_set', [box(0, 0, 10, 11), box(51, 50, 71, 70)])]);
  });
  it('disagrees when a box has no match or the counts differ', () => {
    const first = [yes('bolt', 'box_set', [box(0, 0, 10, 10)])];
    expect(agree([first, [yes('bolt', 'box_set', [box(6, 0, 16, 10)])]], 0)).toBeNull();
    expect(agree([first, [yes('bolt', 'box_set', [box(0, 0, 10, 10), box(20, 20, 30, 30)])]], 0)).toBeNull();
  });
  it('agrees on False, and disagrees on True against False or on another subject', () => {
    expect(agree([[no('bolt')], [no('bolt')]], 0)).toEqual([no('bolt')]);
    expect(agree([[no('bolt')], [yes('bolt', 'box_set', [box(0, 0, 10, 10)])]], 0)).toBeNull();
    expect(agree([[no('bolt')], [no('nut')]], 0)).toBeNull();
  });
});

describe('static_count: within the tolerance', () => {
  const { agree } = ANSWER_RULES.static_count;
  it('agrees on counts within the tolerance, giving the rounded mean', () => {
    expect(agree([[yes('part', 'count', 4)], [yes('part', 'count', 4)]], 0)).toEqual([yes('part', 'count', 4)]);
    expect(agree([[yes('part', 'count', 4)], [yes('part', 'count', 6)]], 2)).toEqual([yes('part', 'count', 5)]);
  });
  it('disagrees beyond it', () => {
    expect(agree([[yes('part', 'count', 4)], [yes('part', 'count', 5)]], 0)).toBeNull();
  });
});

describe.each(['offset_x', 'offset_y'] as const)('%s: within the tolerance', (type) => {
  const { agree } = ANSWER_RULES[type];
  it('agrees within the tolerance and disagrees beyond it', () => {
    expect(agree([[yes('edge', type, 100)], [yes('edge', type, 103)]], 3)).toEqual([yes('edge', type, 102)]);
    expect(agree([[yes('edge', type, 100)], [yes('edge', type, 104)]], 3)).toBeNull();
  });
});

describe('point: within a radius', () => {
  const { agree } = ANSWER_RULES.point;
  it('matches each point to one within the radius, in any order', () => {
    const first = [yes('hole', 'point', [{ x: 10, y: 10 }, { x: 40, y: 40 }])];
    const second = [yes('hole', 'point', [{ x: 42, y: 40 }, { x: 10, y: 12 }])];
    expect(agree([first, second], 3)).toEqual([yes('hole', 'point', [{ x: 10, y: 11 }, { x: 41, y: 40 }])]);
  });
  it('disagrees when a point lies farther than the radius or the counts differ', () => {
    const first = [yes('hole', 'point', [{ x: 10, y: 10 }])];
    expect(agree([first, [yes('hole', 'point', [{ x: 14, y: 10 }])]], 3)).toBeNull();
    expect(agree([first, [yes('hole', 'point', [{ x: 10, y: 10 }, { x: 50, y: 50 }])]], 3)).toBeNull();
  });
});
