import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIdentity, type DemoIdentity } from '../../server/demo/seed-identity';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { getToken } from '../../src/api/endpoints/identity';

export interface FreshService {
  app: FastifyInstance;
  baseUrl: string;
  identity: DemoIdentity;
  /** A bearer token of that demo account in the demo tenant. */
  accessToken(account: keyof typeof DEMO_ACCOUNTS): Promise<string>;
  /** An API client signed in as that demo account in the demo tenant. */
  signIn(account: keyof typeof DEMO_ACCOUNTS): Promise<ApiClient>;
  /**
   * Times the requests the service answers from now on (request received to response finished, so without the
   * client's side of the round trip), into a list per label; `label` names a request or returns null to skip it.
   */
  timeRequests(label: (method: string, url: string) => string | null): { stop(): Map<string, number[]> };
  /** Stops the service and deletes its data. */
  close(): Promise<void>;
}

/**
 * The service as `npm run serve` builds it (embedded database on disk, media files on disk), in a new temporary
 * data folder, listening on a free loopback port, with the demo identities but no demo data and no model releases.
 */
export async function startFreshService(): Promise<FreshService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-bench-'));
  // Model releases are off: one runs inside the answer post that triggers it and re-runs the model over every
  // answered item, which would make the post timings measure releases instead (see docs/performance.md).
  const env = { LOG_LEVEL: 'silent', RELEASE_EVERY_ANSWERS: '0' };
  const config = loadConfig(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--no-demo'], env);
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp(config);
    const identity = await seedIdentity(app.db);
    const baseUrl = await app.listen({ host: config.host, port: 0 });
    const service = app;
    const accessToken = async (account: keyof typeof DEMO_ACCOUNTS) => {
      const credentials = { email: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD };
      const response = await getToken(createApiClient({ baseUrl }), credentials, identity.tenantIds.demoLab);
      return response.access_token;
    };
    return {
      app: service,
      baseUrl,
      identity,
      accessToken,
      timeRequests(label) {
        const times = new Map<string, number[]>();
        const onRequest = (request: IncomingMessage, response: ServerResponse) => {
          const name = label(request.method ?? '', request.url ?? '');
          if (name === null) return;
          const startedAt = performance.now();
          response.once('finish', () => (times.get(name) ?? times.set(name, []).get(name)!).push(performance.now() - startedAt));
        };
        service.server.prependListener('request', onRequest);
        return {
          stop() {
            service.server.off('request', onRequest);
            return times;
          },
        };
      },
      async signIn(account) {
        const token = await accessToken(account);
        return createApiClient({ baseUrl, getToken: () => token });
      },
      async close() {
        await service.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
