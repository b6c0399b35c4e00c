import type { FieldError } from '../primitives';
import { closedObject, markList, pixel } from './marks';
import { agreeBySubject, matchMarks, roundedMean, type DataAgreement } from './agreement';
import type { PointCoords } from './answer';
import { markArea, type AnswerRule } from './rule';
import type { TypeManifest } from './manifest';

const point = closedObject({ x: pixel, y: pixel }, 'A point');

const pointList = markList(point, 'points');

/**
 * A model's point finds a person's point within this many pixels when the model is measured (docs/models.md): a
 * marker's centre clicked by two people lies a few pixels apart, and a point ten pixels off misses a small object.
 */
export const POINT_MATCH_PIXELS = 10;

/** Point lists agree when every point lies within the tolerance (pixels) of one point of each other answer; the agreed point is their mean. */
const agreePoints: DataAgreement<PointCoords[]> = (lists, radius) => {
  const groups = matchMarks(lists, (a, b) => Math.hypot(a.x - b.x, a.y - b.y), (distance) => distance <= radius, 'lower');
  return groups?.map((group) => ({ x: roundedMean(group, (p) => p.x), y: roundedMean(group, (p) => p.y) })) ?? null;
};

/** Per answered subject (one or more in a message): True with a list of points (inside the focus, else the media; the far edges included), or False. */
export const pointRule: AnswerRule<PointCoords[]> = {
  appDataType: 'point',
  measure: 'points',
  appData: pointList,
  subjects: 'some',
  allowsFalse: true,
  placementErrors(points, place): FieldError[] {
    const { area, name } = markArea(place);
    return points.flatMap(({ x, y }, index) =>
      x < area.x0 || y < area.y0 || x > area.x1 || y > area.y1
        ? [{ field: String(index), message: `Point ${index + 1} must lie inside ${name}.` }]
        : [],
    );
  },
  agree: (answers, tolerance) => agreeBySubject(answers, tolerance, agreePoints),
  marks: (points) => ({ points }),
  exportAnnotations: (points, subjectUid) => points.map(({ x, y }) => ({ kind: 'point', subjectUid, x, y })),
  importAppData(annotations) {
    const points = annotations.flatMap((annotation): PointCoords[] => (annotation.kind === 'point' ? [{ x: annotation.x, y: annotation.y }] : []));
    return points.length > 0 ? { appData: points } : null;
  },
};

/** point's manifest: a labellable type of the standard table. */
export const pointManifest = { kind: 'labellable', rule: pointRule } as const satisfies TypeManifest;
