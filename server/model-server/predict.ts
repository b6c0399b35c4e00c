import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appDataShapeIssues } from '../../src/api/schemas/feedback';
import { externalDetectionErrors } from '../../src/api/schemas/imports';
import type { Focus } from '../../src/api/types';
import { modelServers } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import type { MediaRow } from '../domain/media';
import type { ModelProposal } from '../vision/models/proposal';
import { callModelServer, ModelServerFailed, recordModelVersion, type ModelServerDeps } from './call';
import { imageLinkFor } from './media-link';
import { labelConfigOf, outputSubjectNames, placeOf, projectOf, readPredictions, serverPartOf } from './protocol';
import type { ModelServerRow } from './settings';

/** What a model server proposed for one media item, with the model_version that made it. */
export interface ServerProposals {
  proposals: ModelProposal[];
  modelVersion: string | null;
  dropped: string[];
}

/** The protocol's interactive context: a click (keypoint) or a rough box (rectangle), in media pixels. */
export type InteractiveHint = { kind: 'point'; x: number; y: number } | { kind: 'box'; x0: number; y0: number; x1: number; y1: number };

/** A task id as Label Studio's are, a positive whole number: the media id's hash, the same for the same item. */
const taskIdOf = (mediaId: string) => createHash('sha256').update(mediaId).digest().readUIntBE(0, 6);

const percent = (pixels: number, side: number) => (pixels / side) * 100;

/** The hint as the protocol's `params.context.result` (what Label Studio sends of a labeller's click or box). */
function contextOf(hint: InteractiveHint, { imageWidth: width, imageHeight: height }: MediaRow, labels: readonly string[]) {
  const base = { original_width: width, original_height: height, image_rotation: 0, to_name: 'image', is_positive: true };
  if (hint.kind === 'point') {
    return { result: [{ ...base, from_name: 'label', type: 'keypointlabels', value: { x: percent(hint.x, width), y: percent(hint.y, height), width: 0.5, keypointlabels: labels.slice(0, 1) } }] };
  }
  const value = { x: percent(hint.x0, width), y: percent(hint.y0, height), width: percent(hint.x1 - hint.x0, width), height: percent(hint.y1 - hint.y0, height), rotation: 0 };
  return { result: [{ ...base, from_name: 'label', type: 'rectanglelabels', value: { ...value, rectanglelabels: labels.slice(0, 1) } }] };
}

/** Proposals that break the type's answer rule (their shape, where they lie) are dropped, each with its reason. */
function keepValid(appRow: ApplicationRow, mediaRow: MediaRow, focus: Focus | null, proposals: readonly ModelProposal[], dropped: string[]): ModelProposal[] {
  const context = { type: appRow.type, outputSubjects: appRow.outputSubjects, width: mediaRow.imageWidth, height: mediaRow.imageHeight };
  return proposals.filter((proposal) => {
    const detection = { subject_uid: proposal.subject_uid, probability: proposal.probability, app_data_type: proposal.app_data_type, app_data: proposal.app_data };
    const shape = appDataShapeIssues(detection);
    const errors = shape.length > 0 ? shape : externalDetectionErrors({ application_id: appRow.applicationId, model: 'server', focus, subjects: [detection] }, context);
    if (errors.length > 0) dropped.push(errors[0]!.message);
    return errors.length === 0;
  });
}

/**
 * Asks the application's model server for its predictions of one media item: the item as a task whose `data.image` is
 * a granted link, the label config made from the application, the server's extra params and, for the workspace's
 * click-to-box, the interactive context. The results become proposals by the type's part; what breaks the type's rule
 * is dropped, and the status says so (`dropped_note`).
 */
export async function askServer(
  deps: ModelServerDeps & { baseUrl: () => string; mediaSecret: Buffer },
  { appRow, server, mediaRow, focus, hint }: { appRow: ApplicationRow; server: ModelServerRow; mediaRow: MediaRow; focus: Focus | null; hint?: InteractiveHint },
): Promise<ServerProposals> {
  const part = serverPartOf(appRow);
  if (!part) throw new ModelServerFailed(`Applications of type ${appRow.type} cannot take a model server.`, 'error');
  const byName = await outputSubjectNames(deps.db, appRow);
  const task = { id: taskIdOf(mediaRow.mediaId), data: { image: imageLinkFor(deps.baseUrl(), deps.mediaSecret, server, mediaRow) }, meta: { media_id: mediaRow.mediaId } };
  const body = {
    tasks: [task],
    project: projectOf(appRow),
    label_config: labelConfigOf(part, byName),
    params: { ...server.extraParams, context: hint ? contextOf(hint, mediaRow, [...byName.keys()]) : null },
  };
  const read = readPredictions(await callModelServer(deps, server, '/predict', body));
  if (read === null) throw await failedAnswer(deps, server, 'The answer to /predict is neither {"results": [...]} nor a list of predictions.');
  const [prediction] = read.predictions;
  const dropped: string[] = read.malformed > 0 ? [`${read.malformed} malformed results`] : [];
  if (!prediction) return { proposals: [], modelVersion: null, dropped };
  const mapped = part.fromResults(prediction.result, placeOf({ width: mediaRow.imageWidth, height: mediaRow.imageHeight }, byName, prediction.score));
  dropped.push(...mapped.dropped);
  const proposals = keepValid(appRow, mediaRow, focus, mapped.proposals, dropped);
  await recordModelVersion(deps.db, server, prediction.modelVersion);
  await deps.db
    .update(modelServers)
    .set({ droppedNote: dropped.length === 0 ? null : `Dropped: ${[...new Set(dropped)].slice(0, 5).join('; ')}.`.slice(0, 1000) })
    .where(eq(modelServers.applicationId, server.applicationId));
  return { proposals, modelVersion: prediction.modelVersion, dropped };
}

/** A 2xx answer of the wrong shape: the status says so, and the call fails. */
async function failedAnswer(deps: ModelServerDeps, server: ModelServerRow, message: string): Promise<ModelServerFailed> {
  await deps.db.update(modelServers).set({ state: 'error', lastError: message }).where(eq(modelServers.applicationId, server.applicationId));
  return new ModelServerFailed(message, 'error');
}
