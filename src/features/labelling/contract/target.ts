import type { Application } from '../../../api/schemas/application';
import type { AppData } from '../../../api/application-types/answer';
import type { Focus } from '../../../api/types';
import type { Media } from '../../../api/schemas/media';
import type { ProposedSubject } from '../../../api/schemas/feedback-requests';
import { boundsOfSize, intersectBoxes, roundBox } from '../geometry/box';
import type { Box } from '../geometry/types';

/** What is being labelled: a scheduled feedback request, or any media item (then without proposals). */
export interface LabelTarget {
  readonly media: Media;
  readonly subjects?: readonly ProposedSubject[];
  readonly focus?: Focus | null;
}

/** The proposals for the application's output subjects. */
export const outputProposals = (app: Pick<Application, 'output_subjects'>, target: LabelTarget) =>
  (target.subjects ?? []).filter((s) => app.output_subjects.includes(s.subject_uid));

export const mostLikely = (proposals: readonly ProposedSubject[]) =>
  proposals.reduce<ProposedSubject | undefined>((best, s) => (!best || s.probability > best.probability ? s : best), undefined);

/** The subject a single-subject type answers for: the proposal's, else the first output subject. */
export function primarySubject(app: Pick<Application, 'output_subjects'>, target: LabelTarget): string | undefined {
  return mostLikely(outputProposals(app, target))?.subject_uid ?? app.output_subjects[0];
}

/** The proposal for the subject a single-subject type answers for. */
export function primaryProposal(app: Pick<Application, 'output_subjects'>, target: LabelTarget): ProposedSubject | undefined {
  const uid = primarySubject(app, target);
  return outputProposals(app, target).find((s) => s.subject_uid === uid);
}

export const mediaBounds = (target: LabelTarget): Box =>
  boundsOfSize({ width: target.media.image_width, height: target.media.image_height });

/** The media, or the focus box within it (whole pixels), where marks may go. */
export function markBounds(target: LabelTarget): Box {
  const media = mediaBounds(target);
  const focus = target.focus?.box && intersectBoxes(roundBox(target.focus.box), media);
  return focus ?? media;
}

export const asList = (data: AppData | null | undefined): unknown[] => (Array.isArray(data) ? data : data == null ? [] : [data]);
export const asNumber = (data: AppData | null | undefined) => (typeof data === 'number' && Number.isFinite(data) ? data : null);
