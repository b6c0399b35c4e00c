import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import type { ImportedAnnotation } from '../../src/api/application-types/export-annotation';
import { feedbackBodyErrors } from '../../src/api/schemas/feedback';
import { externalDetectionErrors, externalDetectionsBody } from '../../src/api/schemas/imports';
import type { ApplicationRow } from '../domain/applications';
import { sameGold, storeGold } from '../domain/gold';
import type { MediaRow } from '../domain/media';
import { submitFeedback } from '../feedback/answers';
import type { FeedbackAuthor } from '../feedback/idempotency';
import type { ServiceContext } from '../service-context';
import { labelMessages, predictionProposals, type AnswerTarget } from './answers';
import { recordExternalProposals } from './external-detections';
import { alreadyAsserted } from './unchanged';

/** What one import records into, the same for each of its images. */
export interface ImportDestination {
  ctx: ServiceContext;
  appRow: ApplicationRow;
  target: AnswerTarget;
  /** Labels are answers of this person, or gold items they mark; predictions are assertions of this outside model. */
  author: { person: FeedbackAuthor; asGold: boolean } | { modelId: string; modelName: string };
}

/** What became of one matched image; `answersSinceRelease` is the application's count after the latest answer it recorded. */
export type ImageOutcome = { outcome: 'created' | 'unchanged'; answersSinceRelease: number | null } | { reason: string };

const contextOf = (appRow: ApplicationRow, mediaRow: MediaRow) => ({
  type: appRow.type,
  outputSubjects: appRow.outputSubjects,
  width: mediaRow.imageWidth,
  height: mediaRow.imageHeight,
});

const intendedOf = (message: readonly FeedbackSubjectAnswer[]) =>
  message.map((answer) => ({ subjectUid: answer.subject_uid, probability: answer.result === 'True' ? 1 : 0, appData: answer.app_data ?? null }));

/** The image's labels as the feedback messages a labeller would send, checked by the answer rules; or why there are none. */
function checkedMessages({ appRow, target }: ImportDestination, mediaRow: MediaRow, annotations: readonly ImportedAnnotation[]): FeedbackSubjectAnswer[][] | string {
  const messages = labelMessages(target, annotations);
  if (typeof messages === 'string') return messages;
  const errors = messages.flatMap((subjects) => feedbackBodyErrors({ media_id: mediaRow.mediaId, subjects }, contextOf(appRow, mediaRow)));
  return errors.length > 0 ? errors[0]!.message : messages;
}

/** The image's answers, each through submitFeedback as a labeller's; those the person already gave are not sent again. */
async function recordLabels(destination: ImportDestination, person: FeedbackAuthor, mediaRow: MediaRow, annotations: readonly ImportedAnnotation[]): Promise<ImageOutcome> {
  const { ctx, appRow } = destination;
  const messages = checkedMessages(destination, mediaRow, annotations);
  if (typeof messages === 'string') return { reason: messages };
  const mediaId = mediaRow.mediaId;
  const where = { appId: appRow.applicationId, mediaId, focusKey: '', author: { userId: person.userId } };
  let answersSinceRelease: number | null = null;
  let sent = 0;
  for (const subjects of messages) {
    if (await alreadyAsserted(ctx.db, where, intendedOf(subjects))) continue;
    ({ answersSinceRelease } = await submitFeedback(ctx.db, person, appRow.applicationId, { media_id: mediaId, subjects }, null));
    sent += 1;
  }
  return { outcome: sent > 0 ? 'created' : 'unchanged', answersSinceRelease };
}

/** The image's labels, checked as answers, as the truth of a gold item on it; unchanged when it has exactly this truth. */
async function recordGold(destination: ImportDestination, person: FeedbackAuthor, mediaRow: MediaRow, annotations: readonly ImportedAnnotation[]): Promise<ImageOutcome> {
  const messages = checkedMessages(destination, mediaRow, annotations);
  if (typeof messages === 'string') return { reason: messages };
  const { ctx, appRow } = destination;
  const subjects = messages.flat();
  if (await sameGold(ctx.db, appRow.applicationId, mediaRow.mediaId, subjects)) return { outcome: 'unchanged', answersSinceRelease: null };
  await storeGold(ctx.db, appRow, { mediaRow, focus: null, subjects, source: 'imported', createdBy: person.userId });
  return { outcome: 'created', answersSinceRelease: null };
}

/** The image's proposals by the outside model, checked as `POST /1/media/{id}/detections` checks them, then recorded alike. */
async function recordPredictions(
  destination: ImportDestination,
  model: { modelId: string; modelName: string },
  mediaRow: MediaRow,
  annotations: readonly ImportedAnnotation[],
): Promise<ImageOutcome> {
  const { ctx, appRow, target } = destination;
  const proposals = predictionProposals(target, annotations);
  const body = externalDetectionsBody.safeParse({
    application_id: appRow.applicationId,
    model: model.modelName,
    subjects: proposals.map(({ subject_uid, probability, app_data_type, app_data }) => ({ subject_uid, probability, app_data_type, app_data })),
  });
  const errors = body.success ? externalDetectionErrors(body.data, contextOf(appRow, mediaRow)) : body.error.issues;
  if (errors.length > 0) return { reason: errors[0]!.message };
  const { created } = await recordExternalProposals(ctx, { appRow, mediaRow, focus: null, modelId: model.modelId, proposals });
  return { outcome: created ? 'created' : 'unchanged', answersSinceRelease: null };
}

/** Records one matched image's labels (as answers or gold) or predictions, unless exactly these are there already; or says why not. */
export function recordImage(destination: ImportDestination, mediaRow: MediaRow, annotations: readonly ImportedAnnotation[]): Promise<ImageOutcome> {
  const { author } = destination;
  if (!('person' in author)) return recordPredictions(destination, author, mediaRow, annotations);
  return author.asGold ? recordGold(destination, author.person, mediaRow, annotations) : recordLabels(destination, author.person, mediaRow, annotations);
}
