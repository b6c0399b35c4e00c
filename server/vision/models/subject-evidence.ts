import type { DetectedObject } from '../detector/objects';
import type { AnalysisImage } from './analysis-image';
import { ABSENT_PROBABILITY, calibrateDetectorScore, UNKNOWN_SUBJECT_PROBABILITY } from './calibration';
import { detectObjects, type Detection } from './detections';
import type { ModelParameters } from './parameters';

/**
 * Who sees a subject: the pretrained detector when the subject maps to one of its classes, else the colour model
 * when the subject has a configured colour, else nobody.
 */
export type EvidenceSource = 'detector' | 'colour' | 'none';

/** The candidate objects of one subject in one image. */
export interface SubjectEvidence {
  source: EvidenceSource;
  /** Most probable first. */
  detections: Detection[];
}

export function subjectEvidence(image: AnalysisImage, uid: string, parameters: ModelParameters): SubjectEvidence {
  const cocoClass = parameters.detector_class[uid] ?? null;
  if (cocoClass !== null) {
    if (image.objects === null) throw new Error('The image was loaded without the detector, but a subject maps to it.');
    const found = image.objects.filter((object) => object.class === cocoClass);
    return { source: 'detector', detections: found.map((object) => detectionOf(object, image)) };
  }
  const appearance = parameters.appearance[uid] ?? null;
  return appearance ? { source: 'colour', detections: detectObjects(image, appearance) } : { source: 'none', detections: [] };
}

/** Whether any of the subjects needs the detector's objects. */
export const needsDetector = (outputSubjects: readonly string[], parameters: ModelParameters): boolean =>
  outputSubjects.some((uid) => (parameters.detector_class[uid] ?? null) !== null);

function detectionOf({ box, score }: DetectedObject, image: AnalysisImage): Detection {
  const { region } = image;
  return {
    box,
    centre: { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 },
    area: (box.x1 - box.x0) * (box.y1 - box.y0),
    score,
    probability: calibrateDetectorScore(score),
    touchesBorder: box.x0 <= region.x0 || box.y0 <= region.y0 || box.x1 >= region.x1 || box.y1 >= region.y1,
  };
}

/** The probability that the subject is present at all: its best candidate's; without one, low if a model looked. */
export function presenceIn({ source, detections }: SubjectEvidence): { probability: number; score: number } {
  const best = detections[0];
  if (best) return { probability: best.probability, score: best.score };
  return { probability: source === 'none' ? UNKNOWN_SUBJECT_PROBABILITY : ABSENT_PROBABILITY, score: 0 };
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
