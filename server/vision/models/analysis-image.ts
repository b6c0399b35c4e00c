import sharp from 'sharp';
import type { TextReading } from '../../../src/api/application-types/answer';
import type { OcrSettings } from '../../../src/api/application-types/ocr';
import type { BoxCoords, Focus } from '../../../src/api/types';
import { MAX_MEDIA_PIXELS, runImageWork } from '../../media/open-image';
import { writeLab } from '../colour';
import { classifyContent } from '../content/content';
import type { ContentScores } from '../content/scores';
import { detectorView } from '../detector/detector';
import type { FeatureMap } from '../detector/features';
import type { DetectedObject } from '../detector/objects';
import { readText } from '../reader/reader';
import { clampBox } from './media-box';

/** The models look at most this many pixels across; results are mapped back to media pixels. */
const ANALYSIS_WIDTH = 512;

/** A media item (or its focus region) decoded for analysis: Lab pixels and the way back to media pixels. */
export interface AnalysisImage {
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
  /** The text the reader found in the analysed region (ocr); null when it was not asked to read. */
  text: TextReading | null;
  /** What the content classifier makes of the analysed region (nsfw); null when it was not asked to classify. */
  content: ContentScores | null;
}

/**
 * What to look for besides the pixels: the pretrained detector's objects, the text (with these reader settings), the
 * content classifier's classes.
 */
export interface AnalysisOptions {
  detect?: boolean;
  read?: OcrSettings | null;
  classify?: boolean;
}

/**
 * Decodes under the service's bound on concurrent image work (a model release may load many examples at once), and
 * with `detect` runs the pretrained detector on it, with `read` the text reader, with `classify` the content
 * classifier, at the same time.
 */
export async function loadAnalysisImage(
  image: Buffer,
  focus?: Focus | null,
  { detect = false, read = null, classify = false }: AnalysisOptions = {},
): Promise<AnalysisImage> {
  const [decoded, view, text, content] = await Promise.all([
    runImageWork(() => decodeForAnalysis(image, focus)),
    detect ? detectorView(image, focus) : null,
    read ? readText(image, focus, read) : null,
    classify ? classifyContent(image, focus) : null,
  ]);
  return { ...decoded, objects: view?.objects ?? null, features: view?.features ?? null, text, content };
}

async function decodeForAnalysis(image: Buffer, focus?: Focus | null): Promise<Omit<AnalysisImage, 'objects' | 'features' | 'text' | 'content'>> {
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
