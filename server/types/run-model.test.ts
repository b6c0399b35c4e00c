import { beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion, PointCoords } from '../../src/api/application-types/answer';
import type { ModelProposal } from '../vision/models/proposal';
import type { GeneratedScene } from '../vision/scenes';
import { bestIous, mean, nearestDistances } from '../vision/testing/metrics';
import type { DemoLabellableType } from './registry';
import { runModel } from './run-model';
import { demoApplication, demoParameters, generateDemoSet } from './testing/demo';

interface Evaluated {
  scene: GeneratedScene;
  proposals: ModelProposal[];
}

const SCENES_PER_TYPE = 45;

async function evaluate(type: DemoLabellableType, seed: number): Promise<Evaluated[]> {
  const scenes = await generateDemoSet(type, SCENES_PER_TYPE, seed);
  const parameters = demoParameters(type);
  const outputSubjects = demoApplication(type).outputSubjects;
  return Promise.all(
    scenes.map(async (scene) => ({ scene, proposals: await runModel({ type, outputSubjects, parameters, image: scene.image }) })),
  );
}

const withDifficulty = (results: Evaluated[], difficulty: string) =>
  results.filter((result) => result.scene.truth.difficulty === difficulty);
const only = (result: Evaluated): ModelProposal => {
  expect(result.proposals).toHaveLength(1);
  return result.proposals[0] as ModelProposal;
};
const certainty = (p: number) => Math.abs(p - 0.5);

function expectValidAppData(proposal: ModelProposal, width: number, height: number): void {
  expect(proposal.probability).toBeGreaterThanOrEqual(0);
  expect(proposal.probability).toBeLessThanOrEqual(1);
  expect(proposal.uncal_prob).toBeGreaterThanOrEqual(0);
  expect(proposal.uncal_prob).toBeLessThanOrEqual(1);
  switch (proposal.app_data_type) {
    case 'box_set':
      for (const { box, probability } of proposal.app_data as BoxRegion[]) {
        for (const value of [box.x0, box.y0, box.x1, box.y1]) expect(Number.isInteger(value)).toBe(true);
        expect(box.x0).toBeGreaterThanOrEqual(0);
        expect(box.y0).toBeGreaterThanOrEqual(0);
        expect(box.x0).toBeLessThan(box.x1);
        expect(box.y0).toBeLessThan(box.y1);
        expect(box.x1).toBeLessThanOrEqual(width);
        expect(box.y1).toBeLessThanOrEqual(height);
        expect(probability).toBeGreaterThan(0);
      }
      break;
    case 'count':
      expect(Number.isInteger(proposal.app_data)).toBe(true);
      expect(proposal.app_data).toBeGreaterThanOrEqual(0);
      break;
    case 'offset_x':
    case 'offset_y':
      expect(proposal.app_data).toBeGreaterThanOrEqual(0);
      expect(proposal.app_data).toBeLessThanOrEqual(proposal.app_data_type === 'offset_x' ? width : height);
      break;
    case 'point':
      for (const { x, y } of proposal.app_data as PointCoords[]) {
        expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(width);
        expect(y).toBeLessThan(height);
      }
      break;
    case null:
      expect(proposal.app_data).toBeNull();
  }
}

describe('box_detection', () => {
  let results: Evaluated[];
  beforeAll(async () => {
    results = await evaluate('box_detection', 101);
  });

  it('finds the red bolts on clear scenes with a mean IoU of at least 0.7 and no extra confident box', () => {
    const clear = withDifficulty(results, 'clear');
    expect(clear.length).toBeGreaterThanOrEqual(10);
    const ious = clear.flatMap((result) => {
      const truth = result.scene.truth.objects.filter((object) => object.subject === 'red bolt').map((o) => o.box);
      const boxes = only(result).app_data as BoxRegion[];
      expect(boxes.filter((region) => (region.probability ?? 0) >= 0.5)).toHaveLength(truth.length);
      return bestIous(truth, boxes);
    });
    expect(mean(ious)).toBeGreaterThanOrEqual(0.7);
  });

  it('is near 0 or 1 on clear scenes and nearer 0.5 on faint ones', () => {
    const boxProbabilities = (difficulty: string) =>
      withDifficulty(results, difficulty).flatMap((result) => (only(result).app_data as BoxRegion[]).map((r) => r.probability ?? 0));
    const clear = boxProbabilities('clear');
    const faint = boxProbabilities('faint');
    expect(faint.length).toBeGreaterThan(0);
    expect(mean(clear.map(certainty))).toBeGreaterThan(0.45);
    expect(mean(faint.map(certainty))).toBeLessThan(mean(clear.map(certainty)) - 0.2);
  });

  it('gives a low presence and an empty set when no bolt is shown', () => {
    const absent = results.filter((result) => result.scene.truth.counts['red bolt'] === 0);
    expect(absent.length).toBeGreaterThan(0);
    for (const result of absent) {
      expect(only(result).probability).toBeLessThan(0.2);
      expect(only(result).app_data).toEqual([]);
    }
  });

  it('keeps every box to the app_data rules', () => {
    for (const result of results) expectValidAppData(only(result), result.scene.width, result.scene.height);
  });
});

describe('static_count', () => {
  let results: Evaluated[];
  beforeAll(async () => {
    results = await evaluate('static_count', 202);
  });

  it('counts the yellow nuts exactly on most clear scenes', () => {
    const clear = withDifficulty(results, 'clear');
    const exact = clear.filter((result) => only(result).app_data === result.scene.truth.counts['yellow nut']);
    expect(exact.length / clear.length).toBeGreaterThanOrEqual(0.9);
    for (const result of results) expectValidAppData(only(result), result.scene.width, result.scene.height);
  });

  it('marks every object it counts, on the nuts of scenes counted exactly', () => {
    let nuts = 0;
    let marked = 0;
    for (const result of results) {
      const { app_data, counted = [] } = only(result);
      expect(counted).toHaveLength(app_data as number);
      expectValidAppData({ ...only(result), app_data_type: 'point', app_data: counted }, result.scene.width, result.scene.height);
      const truth = result.scene.truth.objects.filter((object) => object.subject === 'yellow nut');
      if (truth.length !== app_data) continue;
      nuts += truth.length;
      marked += truth.filter(({ box }) => counted.some(({ x, y }) => x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1)).length;
    }
    expect(marked / nuts).toBeGreaterThanOrEqual(0.95);
  });
});

describe('classification', () => {
  let results: Evaluated[];
  beforeAll(async () => {
    results = await evaluate('classification', 303);
  });

  it('names the part kind on at least 90 % of clear scenes, confidently', () => {
    const clear = withDifficulty(results, 'clear');
    const right = clear.filter((result) => only(result).subject_uid === result.scene.truth.dominant);
    expect(right.length / clear.length).toBeGreaterThanOrEqual(0.9);
    expect(mean(right.map((result) => only(result).probability))).toBeGreaterThan(0.9);
  });

  it('is less sure on faint scenes', () => {
    const faint = withDifficulty(results, 'faint').map((result) => only(result).probability);
    const clear = withDifficulty(results, 'clear').map((result) => only(result).probability);
    expect(mean(faint)).toBeLessThan(mean(clear) - 0.1);
  });
});

describe('detection_fullframe', () => {
  let results: Evaluated[];
  beforeAll(async () => {
    results = await evaluate('detection_fullframe', 404);
  });

  it('proposes every output subject and decides presence right on at least 90 % of clear cases', () => {
    const decisions = withDifficulty(results, 'clear').flatMap((result) => {
      expect(result.proposals.map((p) => p.subject_uid)).toEqual([...demoApplication('detection_fullframe').outputSubjects]);
      return result.proposals.map((p) => p.probability >= 0.5 === result.scene.truth.presence[p.subject_uid]);
    });
    expect(decisions.filter(Boolean).length / decisions.length).toBeGreaterThanOrEqual(0.9);
  });

  it('is nearer 0.5 for faint parts than for clear ones', () => {
    const presentProbabilities = (difficulty: string) =>
      withDifficulty(results, difficulty).flatMap((result) =>
        result.proposals.filter((p) => result.scene.truth.presence[p.subject_uid]).map((p) => certainty(p.probability)),
      );
    expect(mean(presentProbabilities('faint'))).toBeLessThan(mean(presentProbabilities('clear')) - 0.2);
  });
});

describe.each([
  ['offset_x', 'blue washer', (truth: GeneratedScene['truth']) => truth.offsetX['blue washer']],
  ['offset_y', 'fill level', (truth: GeneratedScene['truth']) => truth.offsetY['fill level']],
] as const)('%s', (type, subject, expected) => {
  let results: Evaluated[];
  beforeAll(async () => {
    results = await evaluate(type, 505);
  });

  it(`measures the ${subject} within 3 px on clear scenes`, () => {
    const clear = withDifficulty(results, 'clear').filter((result) => expected(result.scene.truth) !== undefined);
    expect(clear.length).toBeGreaterThan(10);
    for (const result of clear) {
      const proposal = only(result);
      expect(proposal.app_data_type).toBe(type);
      expect(Math.abs((proposal.app_data as number) - (expected(result.scene.truth) ?? NaN))).toBeLessThanOrEqual(3);
      expect(proposal.probability).toBeGreaterThan(0.9);
    }
    for (const result of results) expectValidAppData(only(result), result.scene.width, result.scene.height);
  });
});

describe('point', () => {
  let results: Evaluated[];
  beforeAll(async () => {
    results = await evaluate('point', 606);
  });

  it('puts one point within 3 px of every green marker centre on clear scenes', () => {
    for (const result of withDifficulty(results, 'clear')) {
      const truth = result.scene.truth.objects.filter((object) => object.subject === 'green marker').map((o) => o.centre);
      const points = only(result).app_data as PointCoords[];
      expect(points).toHaveLength(truth.length);
      for (const distance of nearestDistances(truth, points)) expect(distance).toBeLessThanOrEqual(3);
    }
    for (const result of results) expectValidAppData(only(result), result.scene.width, result.scene.height);
  });
});
