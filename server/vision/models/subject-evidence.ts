import type { BoxCoords } from '../../../src/api/types';
import { regionEmbedding } from '../detector/features';
import { headProbability, isReady, rescored, type SubjectHead } from '../head/head';
import { scanForObjects } from '../head/scan';
import type { AnalysisImage } from './analysis-image';
import { ABSENT_PROBABILITY, calibrateDetectorScore, UNKNOWN_SUBJECT_PROBABILITY } from './calibration';
import { detectObjects, type Detection } from './detections';
import type { ModelParameters } from './parameters';

/**
 * Who sees a subject: the pretrained detector when the subject maps to one of its classes, else the colour model
 * when the subject has a configured colour, else nobody.
 */
type EvidenceSource = 'detector' | 'colour' | 'learned' | 'exemplars' | 'none';

/** The candidate objects of one subject in one image. */
export interface SubjectEvidence {
  source: EvidenceSource;
  /** Most probable first. */
  detections: Detection[];
  /** How probable the subject is in the image as a whole, when the learned head can say from whole images. */
  presence?: number;
}

/**
 * A subject mapped to a detector class gets the detector's boxes, re-scored by its learned head once answers taught
 * it; a subject with a colour gets the colour model's regions; any other subject gets the places its learned head
 * finds once people boxed a few. The head's whole-image examples say whether the subject is there at all. What
 * exemplars found in the image (predict's "find more like these") stands before all of them.
 */
export function subjectEvidence(image: AnalysisImage, uid: string, parameters: ModelParameters): SubjectEvidence {
  const found = parameters.found_objects?.[uid];
  if (found) return { source: 'exemplars', detections: found.map(({ box, score, probability }) => detectionOf(box, score, probability, image)) };
  const head = parameters.head?.[uid] ?? null;
  const presence = head && image.features ? headProbability(image.features.image, head.images) : null;
  const evidence = objectEvidence(image, uid, parameters, head, presence);
  return presence === null ? evidence : { ...evidence, presence };
}

function objectEvidence(image: AnalysisImage, uid: string, parameters: ModelParameters, head: SubjectHead | null, presence: number | null): SubjectEvidence {
  const cocoClass = parameters.detector_class[uid] ?? null;
  if (cocoClass !== null) {
    if (image.objects === null) throw new Error('The image was loaded without the detector, but a subject maps to it.');
    const found = image.objects.filter((object) => object.class === cocoClass);
    const { features } = image;
    const learned = (box: BoxCoords) => (head && features ? headProbability(regionEmbedding(features, box), head.objects) : null);
    const detections = found.map((object) => detectionOf(object.box, object.score, rescored(calibrateDetectorScore(object.score), learned(object.box)), image));
    return { source: 'detector', detections: detections.sort((a, b) => b.probability - a.probability) };
  }
  const appearance = parameters.appearance[uid] ?? null;
  if (appearance) return { source: 'colour', detections: detectObjects(image, appearance) };
  if (head && image.features && isReady(head.objects)) {
    // what the head finds is weighed with whether the image looks like those the subject was in
    const found = scanForObjects(image.features, head).map(({ box, probability }) => ({ box, probability: rescored(probability, presence) }));
    return { source: 'learned', detections: found.map(({ box, probability }) => detectionOf(box, probability, probability, image)) };
  }
  return { source: 'none', detections: [] };
}

/** Whether any of the subjects needs what the detector sees: its objects, or its features for a learned head. */
export const needsDetector = (outputSubjects: readonly string[], parameters: ModelParameters): boolean =>
  outputSubjects.some((uid) => (parameters.detector_class[uid] ?? null) !== null || Boolean(parameters.head?.[uid]));

function detectionOf(box: BoxCoords, score: number, probability: number, image: AnalysisImage): Detection {
  const { region } = image;
  return {
    box,
    centre: { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 },
    area: (box.x1 - box.x0) * (box.y1 - box.y0),
    score,
    probability,
    touchesBorder: box.x0 <= region.x0 || box.y0 <= region.y0 || box.x1 >= region.x1 || box.y1 >= region.y1,
  };
}

/**
 * The probability that the subject is present at all: its best candidate's (without one, low if a model looked),
 * weighed with the learned head's from whole images when it can say.
 */
export function presenceIn({ source, detections, presence }: SubjectEvidence): { probability: number; score: number } {
  const best = detections[0];
  const seen = best
    ? { probability: best.probability, score: best.score }
    : { probability: source === 'none' ? UNKNOWN_SUBJECT_PROBABILITY : ABSENT_PROBABILITY, score: 0 };
  if (presence === undefined) return seen;
  const probability = source === 'none' ? presence : rescored(seen.probability, presence);
  return { probability, score: probability };
}

/** Candidates at least this probable may change a set's answer, so they count when summing up its certainty. */
const RELEVANT_PROBABILITY = 0.1;

/**
 * The summary of a multi-object answer (boxes, a count, points): the probability of the candidate nearest 0.5,
 * the one most likely to be decided wrongly; the presence probability when there is no candidate.
 */
export function leastCertainProbability(evidence: SubjectEvidence): number {
  const relevant = evidence.detections.filter((detection) => detection.probability >= RELEVANT_PROBABILITY);
  if (relevant.length === 0) return presenceIn(evidence).probability;
  return relevant.reduce((worst, detection) =>
    Math.abs(detection.probability - 0.5) < Math.abs(worst.probability - 0.5) ? detection : worst,
  ).probability;
}
