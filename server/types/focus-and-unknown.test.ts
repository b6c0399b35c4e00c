import { describe, expect, it } from 'vitest';
import type { BoxRegion } from '../../src/api/application-types/answer';
import { generateScene, type SceneSpec } from '../vision/scenes';
import { runModel } from './run-model';
import { demoParameters } from './testing/demo';

const spec: SceneSpec = {
  width: 640,
  height: 480,
  difficulty: 'clear',
  parts: [{ subject: 'red bolt', color: '#c8322c', shape: 'rounded', size: [70, 100], count: 4 }],
};

describe('runModel with a focus', () => {
  it('analyses only the focus region and answers in media pixels', async () => {
    const scene = await generateScene(spec, 77);
    const target = scene.truth.objects[0];
    expect(scene.truth.objects).toHaveLength(4);
    if (!target) throw new Error('no object');
    const focus = { box: { x0: target.box.x0 - 8, y0: target.box.y0 - 8, x1: target.box.x1 + 8, y1: target.box.y1 + 8 } };
    const parameters = demoParameters('box_detection');
    const [whole] = await runModel({ type: 'box_detection', outputSubjects: ['red bolt'], parameters, image: scene.image });
    const [focused] = await runModel({ type: 'box_detection', outputSubjects: ['red bolt'], parameters, image: scene.image, focus });
    expect(whole?.app_data).toHaveLength(4);
    const boxes = focused?.app_data as BoxRegion[];
    expect(boxes).toHaveLength(1);
    const box = boxes[0]?.box;
    expect(box).toBeDefined();
    for (const edge of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs((box?.[edge] ?? NaN) - target.box[edge])).toBeLessThanOrEqual(3);
  });
});

describe('runModel with a subject that no model can see', () => {
  it('proposes no object, at even odds, so that a person is asked', async () => {
    const scene = await generateScene(spec, 78);
    const parameters = { detector_class: { 'some part': null }, appearance: { 'some part': null }, offset_reference: 'near_edge' as const };
    for (const type of ['box_detection', 'static_count', 'point', 'detection_fullframe'] as const) {
      const [proposal] = await runModel({ type, outputSubjects: ['some part'], parameters, image: scene.image });
      expect(proposal?.probability).toBe(0.5);
    }
    const [boxes] = await runModel({ type: 'box_detection', outputSubjects: ['some part'], parameters, image: scene.image });
    expect(boxes?.app_data).toEqual([]);
  });

  it('proposes nothing for an application without output subjects', async () => {
    const scene = await generateScene(spec, 79);
    const parameters = { detector_class: {}, appearance: {}, offset_reference: 'near_edge' as const };
    expect(await runModel({ type: 'classification', outputSubjects: [], parameters, image: scene.image })).toEqual([]);
  });
});
