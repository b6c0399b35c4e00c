import { createHmac } from 'node:crypto';
import type { ApplicationRow } from '../domain/applications';
import { callModelServer, recordModelVersion, type ModelServerDeps } from './call';
import { labelConfigOf, outputSubjectNames, projectOf, serverPartOf, setupVersion } from './protocol';
import type { ModelServerRow } from './settings';

/**
 * The token a server is told at /setup for servers that download with `Authorization: Token …`: the links it is sent
 * are signed already and need none, so it grants nothing; it only names the grant, and changes with it.
 */
const accessTokenOf = (server: ModelServerRow, mediaSecret: Buffer) => createHmac('sha256', mediaSecret).update(`model-server-token\n${server.mediaGrant}`).digest('base64url');

/**
 * Checks the server as Label Studio does when it is connected: `GET /health`, then `POST /setup` with the project,
 * its label config (`schema`), where the images are (`hostname`), the access token, the model version it knows, and
 * the extra params. The model_version the server answers is recorded.
 */
export async function checkModelServer(deps: ModelServerDeps & { baseUrl: () => string; mediaSecret: Buffer }, appRow: ApplicationRow, server: ModelServerRow): Promise<void> {
  const part = serverPartOf(appRow);
  if (!part) return;
  await callModelServer(deps, server, '/health');
  const answer = await callModelServer(deps, server, '/setup', {
    project: projectOf(appRow),
    schema: labelConfigOf(part, await outputSubjectNames(deps.db, appRow)),
    hostname: deps.baseUrl(),
    access_token: accessTokenOf(server, deps.mediaSecret),
    model_version: server.modelVersion,
    extra_params: server.extraParams,
  });
  await recordModelVersion(deps.db, server, setupVersion(answer));
}
