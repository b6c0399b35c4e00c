import { z } from 'zod';
import { modelServerSchema, modelServerSettingsSchema, modelServerVersionsSchema } from '../../src/api/schemas/model-server';
import { requireAuth } from '../auth/context';
import { getApplicationRow, requireManageApplication } from '../domain/applications';
import { listeningPortOf } from '../http/listening-port';
import { parseWith } from '../http/parse';
import { nodeId } from '../http/schemas';
import { modelServerRules } from '../model-server/address';
import { modelServerVersionHistory, modelServerView, removeModelServer, requireModelServer, saveModelServer } from '../model-server/settings';
import type { RoutesPlugin } from './instance';
import { getMediaRow } from '../domain/media';
import { invalid } from '../errors';
import { interactiveBox } from '../model-server/interactive';
import { serverCallDeps } from '../processing/model-server-predictions';

const appParams = z.object({ applicationId: nodeId });
const coordinate = z.number().finite().min(0).max(100_000);
const interactiveBody = z.object({
  media_id: nodeId,
  point: z.object({ x: coordinate, y: coordinate }).optional(),
  box: z.object({ x0: coordinate, y0: coordinate, x1: coordinate, y1: coordinate }).optional(),
});
const interactiveAnswer = z.object({
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }).nullable(),
  probability: z.number().nullable(),
});

/**
 * An application's model server (extension): any server speaking Label Studio's ML backend protocol, set, shown and
 * removed by the tenant's administrators and the application's managers. Saving it, and `…/test`, queue a check
 * (/health, /setup) whose outcome the status shows. Only the workspace's click-to-box (`…/interactive`, any member)
 * waits for the server, within its timeout, as the labeller waits for the box of their gesture.
 */
export const modelBackendRoutes: RoutesPlugin = async (app) => {
  const rules = modelServerRules(app.config, listeningPortOf(app));
  // interactive calls in flight end when the service closes
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());
  const managed = async (request: { params: { applicationId: string } } & Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
    requireManageApplication(auth, appRow);
    return appRow;
  };
  const queueCheck = async (appRow: { applicationId: string; tenantId: string }) => {
    await app.jobs.send(app.db, 'model-check', { tenantId: appRow.tenantId, applicationId: appRow.applicationId }, { singletonKey: appRow.applicationId });
    app.jobs.kick();
  };
  const path = '/1/applications/:applicationId/model_backend';

  app.put(path, { schema: { params: appParams, response: { 200: modelServerSchema } } }, async (request) => {
    const appRow = await managed(request);
    const settings = parseWith(modelServerSettingsSchema, request.body, 'body');
    const row = await saveModelServer(app.db, appRow, settings, { rules, sealingKey: app.sealingKey });
    await queueCheck(appRow);
    return modelServerView(row);
  });

  app.get(path, { schema: { params: appParams, response: { 200: modelServerSchema } } }, async (request) => {
    const appRow = await managed(request);
    return modelServerView(await requireModelServer(app.db, appRow.applicationId));
  });

  app.delete(path, { schema: { params: appParams } }, async (request, reply) => {
    const appRow = await managed(request);
    await removeModelServer(app.db, appRow.applicationId);
    return reply.status(204).send();
  });

  app.post(`${path}/test`, { schema: { params: appParams, response: { 202: modelServerSchema } } }, async (request, reply) => {
    const appRow = await managed(request);
    const row = await requireModelServer(app.db, appRow.applicationId);
    await queueCheck(appRow);
    return reply.status(202).send(modelServerView(row));
  });

  app.post(`${path}/interactive`, { schema: { params: appParams, body: interactiveBody, response: { 200: interactiveAnswer } } }, async (request) => {
    const auth = requireAuth(request);
    const appRow = await getApplicationRow(app.db, auth.tenantId, request.params.applicationId);
    const mediaRow = await getMediaRow(app.db, auth.tenantId, request.body.media_id);
    const { point, box } = request.body;
    const hint = point ? { kind: 'point' as const, ...point } : box ? { kind: 'box' as const, ...box } : null;
    if (!hint) throw invalid('Give the click (point) or the rough box (box).', [{ field: 'body.point', message: 'Give point or box.' }]);
    const deps = { ...serverCallDeps(app.config, listeningPortOf(app), stopping.signal), db: app.db, sealingKey: app.sealingKey, mediaSecret: app.mediaSecret };
    const found = await interactiveBox(deps, { appRow, mediaRow, hint });
    return { box: found?.box ?? null, probability: found?.probability ?? null };
  });

  app.get(`${path}/versions`, { schema: { params: appParams, response: { 200: modelServerVersionsSchema } } }, async (request) => {
    const appRow = await managed(request);
    return modelServerVersionHistory(app.db, appRow.applicationId);
  });
};
