import type { Application, AppData, BoxRegion, PointCoords, ProposedSubject } from '../../../api/types';
import { LABELLABLE_TYPES } from '../../../api/types';
import { boundsOfSize, clampPoint, intersectBoxes, roundBox } from '../geometry/box';
import type { Box } from '../geometry/types';
import { imagePoint } from '../geometry/types';
import type { Annotation, LabelTarget } from './types';

/**
 * A subject counts as present when its probability reaches its threshold. A threshold of 0 (what a new
 * application holds for every subject) or none falls back to 0.5, the interface's default: a 0 would
 * prefill every subject as present.
 */
export const DEFAULT_PRESENCE_THRESHOLD = 0.5;

export function presenceThreshold(app: Pick<Application, 'detection_thresholds'>, subjectUid: string): number {
  const threshold = app.detection_thresholds[subjectUid];
  return threshold !== undefined && threshold > 0 ? threshold : DEFAULT_PRESENCE_THRESHOLD;
}

export const isLabellable = (app: Pick<Application, 'type' | 'output_subjects'>): boolean =>
  (LABELLABLE_TYPES as readonly string[]).includes(app.type) && app.output_subjects.length > 0;

const outputProposals = (app: Pick<Application, 'output_subjects'>, target: LabelTarget) =>
  (target.subjects ?? []).filter((s) => app.output_subjects.includes(s.subject_uid));

const mostLikely = (proposals: readonly ProposedSubject[]) =>
  proposals.reduce<ProposedSubject | undefined>((best, s) => (!best || s.probability > best.probability ? s : best), undefined);

/** The subject a single-subject type answers for: the proposal's, else the first output subject. */
export function primarySubject(app: Pick<Application, 'output_subjects'>, target: LabelTarget): string | undefined {
  return mostLikely(outputProposals(app, target))?.subject_uid ?? app.output_subjects[0];
}

/** The media, or the focus box within it (whole pixels), where marks may go. */
export function markBounds(target: LabelTarget): Box {
  const media = boundsOfSize({ width: target.media.image_width, height: target.media.image_height });
  const focus = target.focus?.box && intersectBoxes(roundBox(target.focus.box), media);
  return focus ?? media;
}

const isBoxRegion = (item: unknown): item is BoxRegion =>
  !!item && typeof item === 'object' && 'box' in item && !!item.box && typeof item.box === 'object';

const isPoint = (item: unknown): item is PointCoords =>
  !!item && typeof item === 'object' && typeof (item as PointCoords).x === 'number' && typeof (item as PointCoords).y === 'number';

const asList = (data: AppData | null | undefined): unknown[] => (Array.isArray(data) ? data : data == null ? [] : [data]);
const asNumber = (data: AppData | null | undefined) => (typeof data === 'number' && Number.isFinite(data) ? data : null);

/** The editable starting point for an item: the model's proposal, or empty when there is none. */
export function initialAnnotation(app: Application, target: LabelTarget): Annotation | null {
  const proposals = outputProposals(app, target);
  const subject_uid = primarySubject(app, target);
  if (!isLabellable(app) || subject_uid === undefined) return null;
  const proposal = proposals.find((s) => s.subject_uid === subject_uid);
  const bounds = markBounds(target);
  switch (app.type) {
    case 'classification':
      return { type: 'classification', options: app.output_subjects, choice: mostLikely(proposals)?.subject_uid ?? null };
    case 'detection_fullframe':
      return {
        type: 'detection_fullframe',
        subjects: app.output_subjects.map((uid) => {
          const probability = proposals.find((s) => s.subject_uid === uid)?.probability ?? 0;
          return { subject_uid: uid, present: probability >= presenceThreshold(app, uid) };
        }),
      };
    case 'box_detection': {
      const boxes = asList(proposal?.app_data)
        .filter(isBoxRegion)
        .map((region) => intersectBoxes(roundBox(region.box), bounds))
        .filter((box): box is Box => box !== null);
      return { type: 'box_detection', subject_uid, bounds, boxes, selected: null };
    }
    case 'point': {
      const points = asList(proposal?.app_data)
        .filter(isPoint)
        .map((p) => clampPoint(imagePoint(Math.round(p.x), Math.round(p.y)), bounds));
      return { type: 'point', subject_uid, bounds, points, selected: null };
    }
    case 'static_count':
      return { type: 'static_count', subject_uid, bounds, count: Math.max(0, Math.round(asNumber(proposal?.app_data) ?? 0)), markers: [] };
    case 'offset_x':
    case 'offset_y': {
      const proposed = asNumber(proposal?.app_data);
      // An offset is measured from the media's edge, so the whole media is its range, focus or not.
      const media = boundsOfSize({ width: target.media.image_width, height: target.media.image_height });
      const max = app.type === 'offset_x' ? media.x1 : media.y1;
      const offset = proposed === null ? null : Math.min(max, Math.max(0, Math.round(proposed)));
      return { type: app.type, subject_uid, bounds: media, offset };
    }
    default:
      return null;
  }
}
