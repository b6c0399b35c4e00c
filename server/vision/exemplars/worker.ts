import type { BoxCoords } from '../../../src/api/types';
import { serveModel } from '../model-worker';
import type { RgbImage } from './colour-histogram';
import { findLikeExemplars, findLikeTemplates, type FoundObject } from './like-exemplars';

/**
 * What the exemplar search's thread is asked: an image at its working scale and either the exemplars in its pixels,
 * or remembered exemplars' templates (at the size they are expected at) and the scales to try them at.
 */
export type ExemplarTask =
  | { image: RgbImage; exemplars: BoxCoords[] }
  | { image: RgbImage; templates: RgbImage[]; scales: number[] };

/** The exemplar search's thread: plain JavaScript arithmetic, kept off the event loop (up to a second of it). */
serveModel<ExemplarTask, FoundObject[]>(async () => async (task) =>
  'exemplars' in task ? findLikeExemplars(task.image, task.exemplars) : findLikeTemplates(task.image, task.templates, task.scales),
);
