import { createHmac } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ensurePrivateDir } from '../data-dir';
import { createFileBlobStore, removeTemporaryFiles, type BlobStore } from '../media/blob-store';
import { MAX_MEDIA_BYTES } from '../media/inspect';
import { mediaFileRoutes } from '../media/routes';
import { removeOrphanedScratchDirs } from '../media/scratch-dir';
import './context';

/** The media signing key, derived from the service secret so that it needs no file of its own. */
const mediaSigningKey = (serviceSecret: Buffer) => createHmac('sha256', serviceSecret).update('media-urls').digest();

/** A file that another instance sharing the media folder is writing is never this long without a change. */
const SHARED_FOLDER_QUIET_MS = 3_600_000;

/**
 * Once the app is ready, without holding up its start: removes what killed runs left behind, the scratch folders of
 * dead processes and the disk store's temporary files. With the embedded database the data directory is this
 * process's alone, so a temporary file older than the process is a leftover; instances on PostgreSQL may share the
 * media folder, and there a file must be an hour untouched.
 */
function removeLeftoversWhenReady(app: FastifyInstance, mediaDir: string | null): void {
  let removing = Promise.resolve();
  app.addHook('onReady', async () => {
    const writtenBefore = app.config.databaseUrl ? Date.now() - SHARED_FOLDER_QUIET_MS : Date.now() - process.uptime() * 1000;
    removing = Promise.all([removeOrphanedScratchDirs(), mediaDir ? removeTemporaryFiles(mediaDir, writtenBefore) : 0])
      .then(([folders, files]) => {
        if (folders + files > 0) app.log.info({ folders, files }, 'Removed the scratch folders and temporary files of killed runs.');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'Removing the leftovers of killed runs failed.'));
  });
  app.addHook('onClose', () => removing);
}

/** The configured media store: the bucket is checked before the service starts, files get their folder. */
async function openBlobStore(app: FastifyInstance): Promise<BlobStore> {
  const config = app.config.mediaStore ?? { kind: 'disk' };
  if (config.kind === 's3') {
    // The AWS SDK is loaded only for a bucket: it is a sixth of what the service's start loads.
    const { createS3BlobStore } = await import('../media/s3-blob-store');
    const store = createS3BlobStore(config.s3);
    try {
      await store.checkBucket();
    } catch (error) {
      store.destroy();
      throw error;
    }
    app.addHook('onClose', async () => store.destroy());
    removeLeftoversWhenReady(app, null);
    return store;
  }
  const mediaDir = path.join(app.config.dataDir, 'media');
  await ensurePrivateDir(mediaDir);
  removeLeftoversWhenReady(app, mediaDir);
  return createFileBlobStore(mediaDir);
}

/**
 * Media storage, signed media links and multipart uploads (a file above 25 MiB is 413).
 */
export async function registerMediaServices(
  app: FastifyInstance,
  { serviceSecret, blobs }: { serviceSecret: Buffer; blobs?: BlobStore },
): Promise<void> {
  const store = blobs ?? (await openBlobStore(app));
  const secret = mediaSigningKey(serviceSecret);
  app.decorate('blobs', store);
  app.decorate('mediaSecret', secret);

  await app.register(multipart, {
    limits: { fileSize: MAX_MEDIA_BYTES, fieldSize: 64 * 1024, fields: 200, parts: 210 },
  });
  await app.register(async (files) => {
    // Its JSON-schema declarations are documentation: the handler checks the key, expiry and signature itself,
    // and the app's compiler only reads zod schemas.
    files.setValidatorCompiler(() => (data) => ({ value: data }));
    await files.register(mediaFileRoutes, { store, secret });
  });
}
