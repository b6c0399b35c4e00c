import type { NsfwModelClass } from '../../../src/api/application-types/nsfw';

/** The content classifier's probability of each of its classes for one image; they sum to 1. */
export type ContentScores = Readonly<Record<NsfwModelClass, number>>;

/** The classifier's input: a square RGB image this many pixels across. */
export const CONTENT_INPUT_SIZE = 224;
