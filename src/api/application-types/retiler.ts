import { z } from '../zod';
import type { TypeManifest } from './manifest';

/** A sub-plan's side, in pixels: at most 10,000 so that a sub-plan is an ordinary media item (100 megapixels). */
export const RETILER_SIDE = { min: 64, max: 10_000, default: 4096 } as const;

const SIDE_MESSAGE = `Use a whole number of pixels from ${RETILER_SIDE.min} to ${RETILER_SIDE.max.toLocaleString('en')}.`;
const side = z._default(z.number(SIDE_MESSAGE).check(z.int(SIDE_MESSAGE), z.gte(RETILER_SIDE.min, SIDE_MESSAGE), z.lte(RETILER_SIDE.max, SIDE_MESSAGE)), RETILER_SIDE.default);
const OVERLAP_MESSAGE = 'Use a whole number of pixels from 0.';

/**
 * The `custom_fields` of a retiler application (docs/api.md): the largest sub-plan, `max_width` × `max_height`, and
 * the pixels neighbouring sub-plans share, `overlap` (default 0), at most half the smaller side so that every
 * sub-plan adds at least half of its own.
 */
export const retilerSettings = z
  .object({
    max_width: side,
    max_height: side,
    overlap: z._default(z.number(OVERLAP_MESSAGE).check(z.int(OVERLAP_MESSAGE), z.gte(0, OVERLAP_MESSAGE)), 0),
  })
  .check(
    z.refine((settings) => settings.overlap <= Math.min(settings.max_width, settings.max_height) / 2, {
      message: 'The overlap may be at most half of the smaller of max_width and max_height.',
      path: ['overlap'],
    }),
  );
export type RetilerSettings = z.output<typeof retilerSettings>;

/** retiler's manifest: a pipeline step by special arrangement that cuts plans into sub-plans. */
export const retilerManifest = { kind: 'pipeline', settings: retilerSettings, special: true } as const satisfies TypeManifest;
