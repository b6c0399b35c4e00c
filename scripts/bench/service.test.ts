import { describe, expect, it } from 'vitest';
import { runServiceBenchmarks } from './service';

describe('runServiceBenchmarks', () => {
  it('runs every benchmark at a small scale against a fresh service, prints a table and returns the figures', async () => {
    const printed: string[] = [];
    const figures = await runServiceBenchmarks({
      feedback: { labellers: 3, warmUpRounds: 1, rounds: 2, pullLimit: 2, thinkMs: 5 },
      feedbackSaturation: { labellers: 2, warmUpRounds: 0, rounds: 1, pullLimit: 3, thinkMs: 0 },
      detections: { assertions: 1_000, outputSubjects: 2, pagesEachWay: 2, warmUpPages: 1 },
      upload: { uploads: 1, width: 1200, height: 900 },
      export: { items: 20, boxesPerItem: 2, runs: 1 },
      labellerAnalytics: { labellers: 3, answers: 40, goldAnswers: 6, runs: 1 },
      print: (text) => printed.push(text),
      note: () => undefined,
    });

    expect(figures).toMatchObject({
      feedback: { labellers: 3, think_ms: 5, pull: { n: 6 }, post: { n: 12 }, service: { pull: { n: 6 }, post: { n: 12 } } },
      feedback_saturated: { labellers: 2, think_ms: 0, pull: { n: 2 }, post: { n: 6 }, service: { pull: { n: 2 }, post: { n: 6 } } },
      detections: { assertions: 1_000, records: 500, page_size: 100, page: { n: 4 } },
      upload: { width: 1200, height: 900, resize_widths: ['256', '1024'], upload: { n: 1 } },
      export: { items: 20, boxes: 40, by_format: { coco: { run: { n: 1 } }, yolo: { run: { n: 1 } }, voc: { run: { n: 1 } } } },
      labeller_analytics: { labellers: 3, answers: 40, gold_answers: 6, figures: { n: 1 }, timeline: { n: 1 } },
    });
    const table = printed.join('\n');
    const labels = [
      'feedback pull (3 labellers): round trip',
      'feedback post (3 labellers): in the service',
      'feedback post (2, no think time): round trip',
      'detections page of 100 (1000 assertions)',
      'upload 1200x900',
      'export coco of 20 items, 40 boxes',
      'export voc of 20 items, 40 boxes',
      'labeller figures (40 answers, 3 labellers)',
    ];
    for (const label of labels) {
      expect(table).toContain(label);
    }
    // A whole small service run with every benchmark: on a shared 2-core machine it can take well over 30 s.
  }, 120_000);
});
