import { and, asc, eq } from 'drizzle-orm';
import { externalDetectionErrors, externalModelId, type ExternalDetections, type ExternalDetectionsResult } from '../../src/api/schemas/imports';
import type { Focus } from '../../src/api/types';
import type { AuthContext } from '../auth/context';
import { assertions } from '../db/schema';
import { getApplicationRow, requireManageApplication, type ApplicationRow } from '../domain/applications';
import { focusKey, toMediaAssertion } from '../domain/assertions';
import { getMediaRow, type MediaRow } from '../domain/media';
import { invalid } from '../errors';
import type { ServiceContext } from '../service-context';
import { recordModelProposals } from '../processing/record-proposals';
import type { ModelProposal } from '../vision/models/proposal';
import { alreadyAsserted } from './unchanged';

export interface ExternalProposals {
  appRow: ApplicationRow;
  mediaRow: MediaRow;
  focus: Focus | null;
  modelId: string;
  proposals: readonly ModelProposal[];
}

/**
 * Records an outside model's proposals for a media item (and focus) of an application as the service records its
 * own models' (processing/record-proposals.ts): they become the application's model assertions, enter the feedback
 * queue when ambiguous, and flow to detection posts and downstream applications. Nothing is recorded when the model
 * already asserted exactly these. Returns whether anything was recorded, and whether the media was queued.
 */
export async function recordExternalProposals(ctx: ServiceContext, input: ExternalProposals): Promise<{ created: boolean; queued: boolean }> {
  const where = { appId: input.appRow.applicationId, mediaId: input.mediaRow.mediaId, focusKey: focusKey(input.focus), author: { modelId: input.modelId } };
  const intended = input.proposals.map((proposal) => ({ subjectUid: proposal.subject_uid, probability: proposal.probability, appData: proposal.app_data }));
  if (await alreadyAsserted(ctx.db, where, intended)) return { created: false, queued: false };
  const { flowed, queued } = await ctx.db.transaction((tx) => recordModelProposals(ctx.jobs, tx, input));
  if (flowed > 0) ctx.jobs.kick();
  return { created: true, queued };
}

/**
 * `POST /1/media/{id}/detections`: an outside model's detections of a media item in an application that the caller
 * manages, checked by the application type's rule, recorded as above. Answers with the model's current assertions.
 */
export async function postExternalDetections(
  ctx: ServiceContext,
  auth: AuthContext,
  mediaId: string,
  body: ExternalDetections,
): Promise<ExternalDetectionsResult> {
  const appRow = await getApplicationRow(ctx.db, auth.tenantId, body.application_id);
  requireManageApplication(auth, appRow);
  const mediaRow = await getMediaRow(ctx.db, auth.tenantId, mediaId);
  const context = { type: appRow.type, outputSubjects: appRow.outputSubjects, width: mediaRow.imageWidth, height: mediaRow.imageHeight };
  const errors = externalDetectionErrors(body, context);
  if (errors.length > 0) throw invalid(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  const focus = body.focus ?? null;
  const modelId = externalModelId(body.model);
  const proposals = body.subjects.map((detection) => ({
    subject_uid: detection.subject_uid,
    probability: detection.probability,
    uncal_prob: detection.probability,
    app_data_type: detection.app_data === undefined || detection.app_data === null ? null : (detection.app_data_type ?? null),
    app_data: detection.app_data ?? null,
  }));
  const { created, queued } = await recordExternalProposals(ctx, { appRow, mediaRow, focus, modelId, proposals });
  const current = await ctx.db
    .select()
    .from(assertions)
    .where(
      and(
        eq(assertions.appId, appRow.applicationId),
        eq(assertions.mediaId, mediaRow.mediaId),
        eq(assertions.focusKey, focusKey(focus)),
        eq(assertions.modelId, modelId),
        eq(assertions.current, true),
      ),
    )
    .orderBy(asc(assertions.seq));
  return {
    media_id: mediaRow.mediaId,
    application_id: appRow.applicationId,
    model_id: modelId,
    created,
    queued_for_feedback: queued,
    detections: current.map(toMediaAssertion),
  };
}
