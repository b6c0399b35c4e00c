import { beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion, FeedbackSubjectAnswer, PointCoords } from '../../src/api/application-types/answer';
import { hexToRgb, labDistance, rgbToLab } from '../vision/colour';
import { DEMO_PALETTE } from '../vision/demo';
import type { ModelParameters } from '../vision/models/parameters';
import { refitParameters, type FeedbackExample } from '../vision/refit';
import type { GeneratedScene } from '../vision/scenes';
import { bestIous, mean, nearestDistances } from '../vision/testing/metrics';
import { moduleOf, type DemoLabellableType } from './registry';
import { runModel } from './run-model';
import { demoApplication, demoParameters, generateDemoSet } from './testing/demo';

const colourError = (hex: string, trueHex: string) => {
  const [a, b] = [rgbToLab(...hexToRgb(hex)), rgbToLab(...hexToRgb(trueHex))];
  return labDistance(a[0], a[1], a[2], b[0], b[1], b[2]);
};

function misSet(type: DemoLabellableType, subject: string, color: string): ModelParameters {
  const parameters = demoParameters(type);
  const appearance = parameters.appearance[subject];
  if (!appearance) throw new Error(`no appearance for ${subject}`);
  return { ...parameters, appearance: { ...parameters.appearance, [subject]: { ...appearance, color } } };
}

async function proposalsFor(type: DemoLabellableType, parameters: ModelParameters, scenes: readonly GeneratedScene[]) {
  const outputSubjects = demoApplication(type).outputSubjects;
  return Promise.all(scenes.map(async (scene) => (await runModel({ type, outputSubjects, parameters, image: scene.image }))[0]));
}

describe('refitParameters', () => {
  describe('box_detection with a mis-set colour', () => {
    let training: GeneratedScene[];
    let evaluation: GeneratedScene[];
    beforeAll(async () => {
      [training, evaluation] = await Promise.all([generateDemoSet('box_detection', 12, 31), generateDemoSet('box_detection', 16, 32)]);
    });

    const meanIou = async (parameters: ModelParameters) => {
      const proposals = await proposalsFor('box_detection', parameters, evaluation);
      return mean(
        evaluation.flatMap((scene, i) =>
          bestIous(
            scene.truth.objects.filter((o) => o.subject === 'red bolt').map((o) => o.box),
            ((proposals[i]?.app_data ?? []) as BoxRegion[]).filter((region) => (region.probability ?? 0) >= 0.5),
          ),
        ),
      );
    };

    it('moves the colour to the confirmed boxes and measurably improves the boxes', async () => {
      const wrong = misSet('box_detection', 'red bolt', '#d07890');
      const examples: FeedbackExample[] = training.map((scene) => {
        const boxes = scene.truth.objects.filter((o) => o.subject === 'red bolt').map(({ box }) => ({ box }));
        const answer: FeedbackSubjectAnswer =
          boxes.length > 0
            ? { subject_uid: 'red bolt', result: 'True', app_data_type: 'box_set', app_data: boxes }
            : { subject_uid: 'red bolt', result: 'False' };
        return { image: scene.image, answers: [answer] };
      });
      const refitted = await refitParameters(moduleOf('box_detection').fit, wrong, examples);
      const color = refitted.appearance['red bolt']?.color ?? '';
      const trueColour = DEMO_PALETTE['red bolt'].appearance.color;
      expect(colourError(color, trueColour)).toBeLessThan(colourError('#d07890', trueColour) / 2);
      expect(refitted.appearance['red bolt']?.typical_area).toBeGreaterThan(0);
      const [before, after] = [await meanIou(wrong), await meanIou(refitted)];
      expect(after).toBeGreaterThanOrEqual(0.7);
      expect(after).toBeGreaterThan(before + 0.2);
    });
  });

  it('refits a marker colour from confirmed points', async () => {
    const [training, evaluation] = await Promise.all([generateDemoSet('point', 10, 41), generateDemoSet('point', 12, 42)]);
    const wrong = misSet('point', 'green marker', '#a0c040');
    const examples = training.map((scene) => ({
      image: scene.image,
      answers: [
        {
          subject_uid: 'green marker',
          result: 'True' as const,
          app_data_type: 'point' as const,
          app_data: scene.truth.objects.filter((o) => o.subject === 'green marker').map((o) => ({ x: Math.floor(o.centre.x), y: Math.floor(o.centre.y) })),
        },
      ],
    }));
    const refitted = await refitParameters(moduleOf('point').fit, wrong, examples);
    const found = async (parameters: ModelParameters) => {
      const proposals = await proposalsFor('point', parameters, evaluation);
      const distances = evaluation.flatMap((scene, i) =>
        nearestDistances(
          scene.truth.objects.filter((o) => o.subject === 'green marker').map((o) => o.centre),
          (proposals[i]?.app_data ?? []) as PointCoords[],
        ),
      );
      return distances.filter((distance) => distance <= 3).length / distances.length;
    };
    const [before, after] = [await found(wrong), await found(refitted)];
    expect(after).toBeGreaterThanOrEqual(0.85);
    expect(after).toBeGreaterThan(before + 0.2);
  });

  it('refits a class colour from whole frames of a confirmed class', async () => {
    const scenes = await generateDemoSet('classification', 16, 51);
    const washers = scenes.filter((scene) => scene.truth.dominant === 'blue washer');
    expect(washers.length).toBeGreaterThan(2);
    const wrong = misSet('classification', 'blue washer', '#60a0a0');
    const examples = washers.map((scene) => ({ image: scene.image, answers: [{ subject_uid: 'blue washer', result: 'True' as const }] }));
    const refitted = await refitParameters(moduleOf('classification').fit, wrong, examples);
    const trueColour = DEMO_PALETTE['blue washer'].appearance.color;
    expect(colourError(refitted.appearance['blue washer']?.color ?? '', trueColour)).toBeLessThan(colourError('#60a0a0', trueColour) / 2);
    expect(refitted.appearance['red bolt']).toEqual(wrong.appearance['red bolt']);
  });

  it('learns the area of one object from confirmed counts', async () => {
    const scenes = (await generateDemoSet('static_count', 10, 61)).filter((scene) => scene.truth.difficulty === 'clear');
    const parameters = demoParameters('static_count');
    const examples = scenes.map((scene) => ({
      image: scene.image,
      answers: [{ subject_uid: 'yellow nut', result: 'True' as const, app_data_type: 'count' as const, app_data: scene.truth.counts['yellow nut'] ?? 0 }],
    }));
    const nut = parameters.appearance['yellow nut'];
    if (!nut) throw new Error('no appearance for the yellow nut');
    const misSized = { ...parameters, appearance: { 'yellow nut': { ...nut, typical_area: 10_000 } } };
    const refitted = await refitParameters(moduleOf('static_count').fit, misSized, examples);
    // a hexagon 46..60 px across covers about 1,400..2,300 px
    expect(refitted.appearance['yellow nut']?.typical_area).toBeGreaterThan(1200);
    expect(refitted.appearance['yellow nut']?.typical_area).toBeLessThan(2500);
  });

  it('keeps the parameters when there is no usable feedback', async () => {
    const parameters = demoParameters('offset_x');
    expect(await refitParameters(moduleOf('offset_x').fit, parameters, [])).toEqual(parameters);
  });
});
