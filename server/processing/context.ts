import type { FastifyBaseLogger } from 'fastify';
import type { ServiceConfig } from '../config';
import type { Database } from '../db';
import type { BlobStore } from '../media/blob-store';
import type { JobQueue } from '../jobs/queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Media bytes: `<dataDir>/media` on disk, in memory in tests. */
    blobs: BlobStore;
    /** Signs the media URLs; derived from the service secret, so links survive a restart. */
    mediaSecret: Buffer;
  }
}

/** What the media and processing code needs from the service; the Fastify app is one. */
export interface ServiceContext {
  db: Database;
  config: ServiceConfig;
  blobs: BlobStore;
  mediaSecret: Buffer;
  log: FastifyBaseLogger;
  jobs: JobQueue;
}
