// Messages between the page and the region worker. Points and boxes are in image pixels (the media's full size).
import type { Size } from '../geometry/types';
import type { Region } from '../contract/region';

type Rect = Region['box'];

export type ToRegionWorker =
  /** Load OpenCV.js now, before the first request needs it: the workspace of a type whose clicks find objects opens. */
  | { readonly type: 'warm-up' }
  /**
   * The displayed image: its fetched file (nothing is fetched twice), or else a transferred copy of its decoded
   * bitmap, which the worker decodes and scales to `working` size, so the page's thread does no pixel work. Replaces
   * the previous image.
   */
  | { readonly type: 'image'; readonly imageId: number; readonly source: Blob | ImageBitmap; readonly working: Size; readonly media: Size }
  /** The object around `seed`, or (with `inside`) the object inside a roughly drawn box. */
  | { readonly type: 'find'; readonly request: number; readonly imageId: number; readonly seed: { readonly x: number; readonly y: number } }
  | { readonly type: 'find'; readonly request: number; readonly imageId: number; readonly inside: Rect };

/** The answer to one `find`: null when there is no image, no object, or the image's pixels cannot be read. */
export type FromRegionWorker = { readonly type: 'found'; readonly request: number; readonly region: Region | null };
