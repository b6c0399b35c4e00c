import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { ServiceConfig } from '../config';
import { ensurePrivateDir } from '../data-dir';
import type { Logger } from '../logger';
import { createFileBlobStore, removeTemporaryFiles, type BlobStore } from '../media/blob-store';
import { removeOrphanedScratchDirs } from '../media/scratch-dir';

/** The media signing key, derived from the service secret so that it needs no file of its own. */
export const mediaSigningKey = (serviceSecret: Buffer) => createHmac('sha256', serviceSecret).update('media-urls').digest();

/** A file that another instance sharing the media folder is writing is never this long without a change. */
const SHARED_FOLDER_QUIET_MS = 3_600_000;

export interface OpenedBlobStore {
  store: BlobStore;
  /**
   * Removes what killed runs left behind, the scratch folders of dead processes and the disk store's temporary files
   * (once the service is ready, without holding up its start). With the embedded database the data directory is this
   * process's alone, so a temporary file older than the process is a leftover; instances on PostgreSQL may share the
   * media folder, and there a file must be an hour untouched.
   */
  removeLeftovers(): Promise<void>;
  close(): void;
}

function leftoversRemover(config: ServiceConfig, log: Logger, mediaDir: string | null) {
  return async () => {
    const writtenBefore = config.databaseUrl ? Date.now() - SHARED_FOLDER_QUIET_MS : Date.now() - process.uptime() * 1000;
    try {
      const [folders, files] = await Promise.all([removeOrphanedScratchDirs(), mediaDir ? removeTemporaryFiles(mediaDir, writtenBefore) : 0]);
      if (folders + files > 0) log.info({ folders, files }, 'Removed the scratch folders and temporary files of killed runs.');
    } catch (error) {
      log.error({ err: error }, 'Removing the leftovers of killed runs failed.');
    }
  };
}

/** The configured media store: the bucket is checked before the service starts, files get their folder. */
export async function openBlobStore(config: ServiceConfig, log: Logger): Promise<OpenedBlobStore> {
  const settings = config.mediaStore ?? { kind: 'disk' };
  if (settings.kind === 's3') {
    // The AWS SDK is loaded only for a bucket: it is a sixth of what the service's start loads.
    const { createS3BlobStore } = await import('../media/s3-blob-store');
    const store = createS3BlobStore(settings.s3);
    try {
      await store.checkBucket();
    } catch (error) {
      store.destroy();
      throw error;
    }
    return { store, removeLeftovers: leftoversRemover(config, log, null), close: () => store.destroy() };
  }
  const mediaDir = path.join(config.dataDir, 'media');
  await ensurePrivateDir(mediaDir);
  return { store: createFileBlobStore(mediaDir), removeLeftovers: leftoversRemover(config, log, mediaDir), close: () => undefined };
}
