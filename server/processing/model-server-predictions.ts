import { and, eq } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import { externalModelId } from '../../src/api/schemas/imports';
import type { Database } from '../db';
import { applications, media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import type { MediaRow } from '../domain/media';
import { markJobFinished } from '../jobs/finished';
import type { Job } from '../jobs/queue';
import { ModelServerFailed, type ModelServerDeps } from '../model-server/call';
import { askServer } from '../model-server/predict';
import { readModelServer } from '../model-server/settings';
import type { ServiceContext } from '../service-context';
import type { ServiceConfig } from '../config';
import { userAgentOf, type ListeningPort } from '../callbacks/worker';
import { modelServerRules } from '../model-server/address';
import { serviceBaseUrl } from '../model-server/media-link';
import { recordModelProposals } from './record-proposals';

/** What asking a model server needs beside the service's context: the rule, where it finds the images, a stop. */
export type ServerCallDeps = Omit<ModelServerDeps, 'db' | 'sealingKey'> & { baseUrl: () => string };

/** The calls' dependencies as the configuration sets them; `stopping` ends calls in flight. */
export const serverCallDeps = (config: ServiceConfig, listeningPort: ListeningPort, stopping: AbortSignal): ServerCallDeps => ({
  rules: modelServerRules(config, listeningPort),
  userAgent: userAgentOf(config.build.number),
  baseUrl: () => serviceBaseUrl(config, listeningPort),
  stopping,
});

/** The model_id a server's proposals carry: the server's model_version, as an outside model's. */
const serverModelId = (modelVersion: string | null) => externalModelId(`server ${(modelVersion ?? 'unversioned').replace(/[^\p{L}\p{N} ._:/@+-]/gu, '_')}`.slice(0, 100));

/**
 * Whether the application's model server, rather than (or beside) its built-in model, proposes for new media; when it
 * does, a `model-predict` job is sent in the caller's transaction. Returns whether the built-in model answers too.
 */
export async function sendToModelServer(tx: Database, ctx: Pick<ServiceContext, 'jobs'>, appRow: ApplicationRow, mediaId: string, focus: Focus | null, chain: readonly string[]): Promise<boolean> {
  const server = await readModelServer(tx, appRow.applicationId);
  if (!server || server.modelSource === 'built_in') return true;
  await ctx.jobs.send(tx, 'model-predict', { tenantId: appRow.tenantId, applicationId: appRow.applicationId, mediaId, focus, chain: [...chain] });
  return server.modelSource === 'both';
}

async function rowsOf(db: Database, applicationId: string, mediaId: string): Promise<{ appRow: ApplicationRow; mediaRow: MediaRow } | null> {
  const [appRow] = await db.select().from(applications).where(eq(applications.applicationId, applicationId));
  if (!appRow) return null;
  const [mediaRow] = await db.select().from(media).where(and(eq(media.mediaId, mediaId), eq(media.tenantId, appRow.tenantId)));
  return mediaRow ? { appRow, mediaRow } : null;
}

/**
 * The `model-predict` job: the server's proposals for the item become the application's model assertions (as an
 * outside model's, by its model_version), offered for feedback and sent downstream as the built-in model's are. A
 * server that fails leaves its status saying so, and the item without its proposals: the job is not tried again.
 */
export async function runModelPredictJob(ctx: ServiceContext, deps: ServerCallDeps, { id, data }: Job<'model-predict'>): Promise<void> {
  const rows = await rowsOf(ctx.db, data.applicationId, data.mediaId);
  const server = rows && (await readModelServer(ctx.db, data.applicationId));
  if (!rows || !server || !rows.appRow.active) return;
  const asked = await askServer({ ...deps, db: ctx.db, sealingKey: ctx.sealingKey, mediaSecret: ctx.mediaSecret }, { ...rows, server, focus: data.focus }).catch((error: unknown) => {
    if (error instanceof ModelServerFailed) return null;
    throw error;
  });
  if (!asked || asked.proposals.length === 0) return;
  const { flowed } = await ctx.db.transaction(async (tx) => {
    if (!(await markJobFinished(tx, id))) return { flowed: 0 };
    return recordModelProposals(ctx.jobs, tx, { ...rows, focus: data.focus, modelId: serverModelId(asked.modelVersion), proposals: asked.proposals, chain: data.chain });
  });
  if (flowed > 0) ctx.jobs.kick();
}
