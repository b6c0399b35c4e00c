import type { PointCoords } from '../../../src/api/application-types/answer';
import {
  isFiniteNumber,
  labelsTag,
  nameOf,
  probabilityOf,
  proposalOf,
  resultBase,
  resultsOf,
  subjectOf,
  toPercent,
  toPixels,
  type ModelServerPart,
} from '../model-server-part';

/**
 * point: `KeyPointLabels` named `label`, one `Label` per subject; each keypoint becomes a point of its label's subject,
 * and the subject's probability is its least certain point's score (absent: 0).
 */
export const pointServerPart: ModelServerPart = {
  controls: (names) => labelsTag('KeyPointLabels', 'Label', 'label', names),
  fromResults(results, place) {
    const { mine, dropped } = resultsOf(results, 'label', ['keypointlabels']);
    const points = new Map<string, { point: PointCoords; probability: number }[]>();
    for (const result of mine) {
      const subject = subjectOf(result, 'keypointlabels', place);
      const { x, y } = result.value;
      if ('dropped' in subject) dropped.push(subject.dropped);
      else if (!isFiniteNumber(x) || !isFiniteNumber(y)) dropped.push('a keypoint whose x or y is not a number');
      else if (x < 0 || y < 0 || x > 100 || y > 100) dropped.push('a keypoint outside the image');
      else {
        const found = { point: { x: toPixels(x, place.width), y: toPixels(y, place.height) }, probability: probabilityOf(result, place) };
        points.set(subject.uid, [...(points.get(subject.uid) ?? []), found]);
      }
    }
    const proposals = [...place.subjects.values()].map((uid) => {
      const found = points.get(uid) ?? [];
      const probability = found.length === 0 ? 0 : Math.min(...found.map((one) => one.probability));
      return proposalOf(uid, probability, found.length === 0 ? null : 'point', found.length === 0 ? null : found.map((one) => one.point));
    });
    return { proposals, dropped };
  },
  toResults(answer, place) {
    const label = nameOf(answer.subject_uid, place);
    if (label === null || answer.result !== 'True' || !Array.isArray(answer.app_data)) return [];
    return (answer.app_data as PointCoords[]).map(({ x, y }) => ({
      ...resultBase('label', 'keypointlabels', place),
      value: { x: toPercent(x, place.width), y: toPercent(y, place.height), width: 0.5, keypointlabels: [label] },
    }));
  },
};
