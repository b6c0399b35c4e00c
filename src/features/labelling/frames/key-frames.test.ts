import { describe, expect, it } from 'vitest';
import type { MediaAssertion } from '../../../api/schemas/detections';
import { mediaFixture } from '../../../testing/api-fixtures';
import { answersOnFrames, frameNeighbours } from './key-frames';

const frame = (n: number) => mediaFixture({ media_id: `f${n}`, frame: n, parent_media_ids: ['video'] });
const boxes = [{ x0: 1, y0: 2, x1: 3, y1: 4, subject_uid: 'person' }];
const assertion = (overrides: Partial<MediaAssertion>): MediaAssertion => ({
  subject_uid: 'person',
  detection_id: 'd',
  user_id: 'me',
  model_id: null,
  app_id: 'app',
  app_data_type: 'box_set',
  app_data: [{ box: { x0: 1, y0: 2, x1: 3, y1: 4 } }],
  prev_prob: null,
  probability: 1,
  uncal_prob: 1,
  timestamp: 1,
  ...overrides,
});

describe('answersOnFrames', () => {
  const me = { appId: 'app', userId: 'me' };

  it("takes the newest unsent answer first, then the queue's, else the labeller's own assertions in the application", () => {
    const outbox = [
      { appId: 'app', body: { media_id: 'f1', subjects: [{ subject_uid: 'person', app_data: null }] } },
      { appId: 'app', body: { media_id: 'f1', subjects: [{ subject_uid: 'car', app_data: null }] } },
      { appId: 'other', body: { media_id: 'f3', subjects: [{ subject_uid: 'person' }] } },
    ];
    const service: Record<string, MediaAssertion[]> = {
      f1: [assertion({})],
      f2: [assertion({}), assertion({ subject_uid: 'car', probability: 0, app_data: null })],
      f3: [assertion({ user_id: null, model_id: 'model' }), assertion({ user_id: 'someone else' }), assertion({ app_id: 'other' })],
    };
    const inQueue = new Map([
      ['f2', [{ subject_uid: 'person', app_data: [] }]],
      ['f4', [{ subject_uid: 'car', app_data: null }]],
    ]);
    const answers = answersOnFrames(['f1', 'f2', 'f3', 'f4', 'f5'], outbox, new Map(), (id) => service[id], me);
    expect([...answers.keys()]).toEqual(['f1', 'f2']);
    // The queue's record of an answer comes before the service's.
    const withQueue = answersOnFrames(['f1', 'f2', 'f4'], outbox, inQueue, (id) => service[id], me);
    expect([...withQueue.values()]).toEqual([[{ subject_uid: 'car', app_data: null }], inQueue.get('f2'), inQueue.get('f4')]);
    expect(answers.get('f1')).toEqual([{ subject_uid: 'car', app_data: null }]);
    // A False subject (probability 0) has no boxes: the frame counts as answered, with the True subject's boxes.
    expect(answers.get('f2')).toEqual([assertion({})]);
  });
});

describe('frameNeighbours', () => {
  it('orders the tiles by frame with the current one among them, and finds the nearest answered frame each side', () => {
    const others = [frame(40), frame(0), frame(10), frame(30), frame(50)];
    const answered = new Map([
      ['f0', boxes],
      ['f10', []],
      ['f40', boxes],
    ]);
    const result = frameNeighbours(frame(20), others, answered)!;
    expect(result.tiles.map((tile) => [tile.frame, tile.answered, tile.current])).toEqual([
      [0, true, false],
      [10, true, false],
      [20, false, true],
      [30, false, false],
      [40, true, false],
      [50, false, false],
    ]);
    expect(result.keyFrames).toEqual({ frame: 20, previous: { frame: 10, boxes: [] }, next: { frame: 40, boxes } });
  });

  it('has no key frame on a side where nothing is answered, and nothing for an item that is no frame', () => {
    expect(frameNeighbours(frame(0), [frame(10)], new Map())!.keyFrames).toEqual({ frame: 0, previous: null, next: null });
    expect(frameNeighbours(mediaFixture({ frame: null }), [frame(10)], new Map())).toBeNull();
    expect(frameNeighbours(frame(0), [], new Map())).toBeNull();
  });
});
