import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_BYTES } from '../src/api/limits';
import { RateLimiter } from './auth/rate-limit';
import { loadServiceSecret } from './auth/secret';
import { TokenIssuer } from './auth/tokens';
import { MemberRoles } from './auth/member-roles';
import type { ServiceConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { sealingKey } from './db/sealed-text';
import { handleClientError, handleFrameworkError, MAX_ID_LENGTH, registerEdgeRules } from './http/edge';
import { handleError } from './http/error-handler';
import { registerHostRule } from './http/host-rule';
import { registerJsonBodyParser } from './http/json-body';
import { loggerOptions, ServiceLogController, type LogDestination } from './http/logging';
import './routes/instance';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { registerTransportSecurity } from './http/transport';
import { zodProjectingSerializerCompiler, zodSerializerCompiler, zodValidatorCompiler } from './http/zod';
import type { BlobStore } from './media/blob-store';
import { createJobQueue } from './background/register-jobs';
import { registerOpenApi } from './openapi';
import { MAX_MEDIA_BYTES } from './media/inspect';
import { mediaSigningKey, openBlobStore } from './processing/media-services';
import { listeningPortOf } from './http/listening-port';
import { mediaFileRoutes } from './routes/media-files';
import { apiRoutes } from './routes';
import { mediaGrantOf } from './model-server/settings';

export interface AppDeps {
  /** An open database; the caller then closes it. Without one, the app opens it from config and closes it. */
  database?: DatabaseHandle;
  /** The token-signing secret; without one it is read from (or created in) `<dataDir>/secret.key`. */
  secret?: Buffer;
  /** The clock of token issue and expiry, in Unix seconds. */
  nowSeconds?: () => number;
  /** Where media bytes go; without one, the configured store (`config.mediaStore`: files under `<dataDir>/media`). */
  blobs?: BlobStore;
  /** Where the log lines go; stdout without one. */
  logStream?: LogDestination;
}

/** The media store (`deps.blobs`, else the configured one, closed with the app), signed media links and uploads. */
async function registerMedia(app: FastifyInstance, serviceSecret: Buffer, blobs: BlobStore | undefined): Promise<void> {
  if (blobs) app.decorate('blobs', blobs);
  else {
    const opened = await openBlobStore(app.config, app.log);
    app.decorate('blobs', opened.store);
    let removing = Promise.resolve();
    app.addHook('onReady', async () => {
      removing = opened.removeLeftovers();
    });
    app.addHook('onClose', async () => {
      opened.close();
      await removing;
    });
  }
  app.decorate('mediaSecret', mediaSigningKey(serviceSecret));
  app.decorate('sealingKey', sealingKey(serviceSecret));
  // A file above 25 MiB is 413.
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, fieldSize: 64 * 1024, fields: 200, parts: 210 } });
  await app.register(mediaFileRoutes, { store: app.blobs, secret: app.mediaSecret, grantOf: (applicationId) => mediaGrantOf(app.db, applicationId) });
}

/**
 * The job queue, started with the app and stopped (finishing the jobs in hand) when it closes. The app is the jobs'
 * service context; its `jobs` is this queue.
 */
async function registerJobs(app: FastifyInstance, database: DatabaseHandle, limiter: RateLimiter): Promise<void> {
  app.decorate('jobs', await createJobQueue(app, { maintain: () => database.maintain(), limiter, listeningPort: listeningPortOf(app) }));
  app.addHook('onReady', () => app.jobs.start());
  app.addHook('preClose', () => app.jobs.stop());
}

function createServer(config: ServiceConfig, logStream?: LogDestination): FastifyInstance {
  const options = {
    logger: loggerOptions(config.logLevel, logStream),
    logController: new ServiceLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_MAX_BYTES,
    routerOptions: { maxParamLength: MAX_ID_LENGTH },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  };
  if (!config.tls) return Fastify(options);
  const https = { cert: readFileSync(config.tls.certPath), key: readFileSync(config.tls.keyPath) };
  // Routes do not depend on the raw server type, so the HTTPS instance is used through the common type.
  return Fastify({ ...options, https }) as unknown as FastifyInstance;
}

export async function buildApp(config: ServiceConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = createServer(config, deps.logStream);
  const database = deps.database ?? (await openDatabase(config));
  if (!deps.database) app.addHook('onClose', () => database.close());
  const secret = deps.secret ?? (await loadServiceSecret(config.dataDir, database));

  const tokens = new TokenIssuer(secret, config.tokenTtlSeconds, deps.nowSeconds);
  const limiter = new RateLimiter(database.db, config.rateLimit);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('tokens', tokens);
  app.decorate('limiter', limiter);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(config.validateResponses ? zodSerializerCompiler : zodProjectingSerializerCompiler);
  app.setErrorHandler(handleError);
  registerEdgeRules(app);

  registerJsonBodyParser(app);

  await registerSecurityHeaders(app);
  registerTransportSecurity(app, config);
  registerHostRule(app, config);
  await registerMedia(app, secret, deps.blobs);
  await registerJobs(app, database, limiter);
  await registerOpenApi(app);
  const memberRoles = new MemberRoles(database.db);
  await app.register(apiRoutes({ db: database.db, tokens, limiter, memberRoles }));
  await registerStaticApp(app, config.staticDir);
  app.decorate('maintainDatabase', () => database.maintain());
  // The files a killed run left 0666 sit in 0700 folders: they are made private once the service listens, not before.
  app.addHook('onListen', () => database.restrictFiles());
  return app;
}
