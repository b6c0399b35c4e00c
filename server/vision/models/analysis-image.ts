import sharp from 'sharp';
import type { BoxCoords, Focus } from '../../../src/api/types';
import { MAX_MEDIA_PIXELS, runImageWork } from '../../media/open-image';
import { writeLab } from '../colour';
import { detectorView } from '../detector/detector';
import type { FeatureMap } from '../detector/features';
import type { DetectedObject } from '../detector/objects';
import { clampBox } from './media-box';

/** The models look at most this many pixels across; results are mapped back to media pixels. */
const ANALYSIS_WIDTH = 512;

/**
 * What a type's model reads of an image besides its pixels and the detector's objects (the text on it, what the content
 * classifier makes of it), asked for by the type's module (server/types/type-module.ts, `analysis`). It reads the
 * analysed region: the focus when there is one, else the whole media.
 */
export type ImageAnalysis<R> = (image: Buffer, focus: Focus | null | undefined) => Promise<R>;

/**
 * A media item (or its focus region) decoded for analysis: Lab pixels and the way back to media pixels; `R` is what the
 * type's own analysis found.
 */
export interface AnalysisImage<R = unknown> {
  width: number;
  height: number;
  /** L, a, b per pixel, row by row. */
  lab: Float32Array;
  mediaWidth: number;
  mediaHeight: number;
  /** The analysed part of the media, in media pixels (the whole media without a focus). */
  region: BoxCoords;
  /** Media pixels per analysis pixel. */
  scaleX: number;
  scaleY: number;
  /** The pretrained detector's objects, in media pixels; null when it was not asked to look. */
  objects: readonly DetectedObject[] | null;
  /** What the detector's features make of the image, for the learned head; null when it was not asked to look. */
  features: FeatureMap | null;
  /** What the type's own analysis found; null when none was asked for. */
  analysis: R | null;
}

/** What to look for besides the pixels: the pretrained detector's objects, and what the type's own analysis reads. */
export interface AnalysisOptions<R> {
  detect?: boolean;
  analyse?: ImageAnalysis<R> | null;
}

/**
 * Decodes under the service's bound on concurrent image work (a model release may load many examples at once), and
 * with `detect` runs the pretrained detector on it, with `analyse` the type's own analysis, at the same time.
 */
export async function loadAnalysisImage<R = never>(
  image: Buffer,
  focus?: Focus | null,
  { detect = false, analyse = null }: AnalysisOptions<R> = {},
): Promise<AnalysisImage<R>> {
  const [decoded, view, analysis] = await Promise.all([
    runImageWork(() => decodeForAnalysis(image, focus)),
    detect ? detectorView(image, focus) : null,
    analyse ? analyse(image, focus) : null,
  ]);
  return { ...decoded, objects: view?.objects ?? null, features: view?.features ?? null, analysis };
}

async function decodeForAnalysis(image: Buffer, focus?: Focus | null): Promise<Omit<AnalysisImage, 'objects' | 'features' | 'analysis'>> {
  const metadata = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
  const mediaWidth = metadata.width;
  const mediaHeight = metadata.height;
  const region = focus ? clampBox(focus.box, mediaWidth, mediaHeight) : { x0: 0, y0: 0, x1: mediaWidth, y1: mediaHeight };
  const { data, info } = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS })
    .extract({ left: region.x0, top: region.y0, width: region.x1 - region.x0, height: region.y1 - region.y0 })
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: ANALYSIS_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixelCount = info.width * info.height;
  const lab = new Float32Array(pixelCount * 3);
  for (let i = 0, at = 0; i < pixelCount; i += 1, at += info.channels) {
    writeLab(lab, i * 3, data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0);
  }
  return {
    width: info.width,
    height: info.height,
    lab,
    mediaWidth,
    mediaHeight,
    region,
    scaleX: (region.x1 - region.x0) / info.width,
    scaleY: (region.y1 - region.y0) / info.height,
  };
}
