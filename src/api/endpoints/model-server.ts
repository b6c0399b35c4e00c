import type { ApiClient } from '../client';
import { NotFoundError } from '../errors';
import { noContent } from '../schemas/envelopes';
import { interactiveBoxSchema, modelServerSchema, modelServerVersionsSchema, type ModelServerSettingsInput } from '../schemas/model-server';

const serverPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}/model_backend`;

/** Local-service extension: the application's model server and its status; null when it has none. */
export async function getModelServer(client: ApiClient, appId: string) {
  try {
    return await client.request(serverPath(appId), modelServerSchema);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Connects the server or changes its settings (`auth_header`: absent keeps the saved one, null removes it). */
export const putModelServer = (client: ApiClient, appId: string, body: ModelServerSettingsInput) =>
  client.request(serverPath(appId), modelServerSchema, { method: 'PUT', body });

export const deleteModelServer = (client: ApiClient, appId: string) => client.request(serverPath(appId), noContent, { method: 'DELETE' });

/** Queues a check of the server (/health, /setup); the status says how it went. */
export const testModelServer = (client: ApiClient, appId: string) => client.request(`${serverPath(appId)}/test`, modelServerSchema, { method: 'POST' });

/** Every model_version the server reported, newest first. */
export const getModelServerVersions = (client: ApiClient, appId: string) => client.request(`${serverPath(appId)}/versions`, modelServerVersionsSchema);

/** The box the application's interactive model server finds around a click or inside a rough box (media pixels). */
export const askInteractiveBox = (
  client: ApiClient,
  appId: string,
  body: { media_id: string; point?: { x: number; y: number }; box?: { x0: number; y0: number; x1: number; y1: number } },
  signal?: AbortSignal,
) => client.request(`${serverPath(appId)}/interactive`, interactiveBoxSchema, { method: 'POST', body, signal });
