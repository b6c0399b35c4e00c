import type { ServiceConfig } from './config';
import type { Database } from './db';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { BlobStore } from './media/blob-store';

/** What the code below the routes needs from the service: plain dependencies, never the HTTP app. */
export interface ServiceContext {
  db: Database;
  config: ServiceConfig;
  /** Media bytes: `<dataDir>/media` on disk, in memory in tests. */
  blobs: BlobStore;
  /** Signs the media URLs; derived from the service secret, so links survive a restart. */
  mediaSecret: Buffer;
  /** Seals the secrets of application settings (a camera's password); derived from the service secret. */
  sealingKey: Buffer;
  log: Logger;
  /** The background work: media processing, releases, label exports, and the periodic jobs. */
  jobs: JobQueue;
}
