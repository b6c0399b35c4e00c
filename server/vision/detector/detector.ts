import { createHash } from 'node:crypto';
import type { Focus } from '../../../src/api/types';
import { DETECTOR_INPUT_SIZE, objectsFromRows, type DetectedObject } from './objects';
import type { CenterNetOutput } from './centernet';
import { featureMapOf, type FeatureMap } from './features';
import { squareInput } from '../model-input';
import { ModelThread } from '../model-thread';

/** The pretrained detector, in a thread of its own; at most 16 images wait for it. */
const thread = new ModelThread<Uint8Array, CenterNetOutput>({ name: 'the detector', entry: new URL('./worker-entry.mjs', import.meta.url), queueLimit: 16 });

/** What the detector sees in an image (or its focus region). */
export interface DetectorView {
  /** The COCO objects, strongest first, in media pixels. */
  objects: DetectedObject[];
  /** The features the learned head compares (see ./features.ts). */
  features: FeatureMap;
}

async function look(image: Buffer, focus?: Focus | null): Promise<DetectorView> {
  const { frame, pixels } = await squareInput(image, focus, DETECTOR_INPUT_SIZE);
  const output = await thread.run(pixels, [pixels.buffer as ArrayBuffer]);
  return { objects: objectsFromRows(output.rows, frame), features: featureMapOf(output, frame) };
}

/** How many of the latest images' views are kept: one upload is processed by every application taking it as input. */
const RECENT_VIEWS = 8;
const recentViews = new Map<string, Promise<DetectorView>>();

/** What the detector sees; the same image (and focus) asked again soon after, as by several applications, is seen once. */
export function detectorView(image: Buffer, focus?: Focus | null): Promise<DetectorView> {
  const key = `${createHash('md5').update(image).digest('hex')} ${JSON.stringify(focus?.box ?? null)}`;
  const known = recentViews.get(key);
  if (known) return known;
  const view = look(image, focus);
  recentViews.set(key, view);
  view.catch(() => recentViews.delete(key));
  if (recentViews.size > RECENT_VIEWS) recentViews.delete(recentViews.keys().next().value!);
  return view;
}

/** The COCO objects in the image (or its focus region), strongest first, in media pixels. */
export const detectCocoObjects = async (image: Buffer, focus?: Focus | null): Promise<DetectedObject[]> =>
  (await detectorView(image, focus)).objects;
