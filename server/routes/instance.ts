import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { RateLimiter } from '../auth/rate-limit';
import type { TokenIssuer } from '../auth/tokens';
import type { ServiceConfig } from '../config';
import type { Database } from '../db';
import type { JobQueue } from '../jobs/queue';
import type { BlobStore } from '../media/blob-store';
import type { ZodTypeProvider } from '../http/zod';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: ServiceConfig;
    tokens: TokenIssuer;
    /** Rate limits shared by every instance (in the database). */
    limiter: RateLimiter;
    /** Media bytes: `<dataDir>/media` on disk, in memory in tests. */
    blobs: BlobStore;
    /** Signs the media URLs; derived from the service secret, so links survive a restart. */
    mediaSecret: Buffer;
    /** Seals the secrets of application settings (a camera's password); derived from the service secret. */
    sealingKey: Buffer;
    /** The background work: media processing, releases, label exports, and the periodic jobs. */
    jobs: JobQueue;
    /** Vacuums the embedded database and refreshes its statistics now (also after bulk loads). */
    maintainDatabase(): Promise<void>;
  }
}

/** A plugin of routes whose schemas are zod schemas. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;
