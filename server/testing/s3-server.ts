import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../media/s3-blob-store';

export interface TestS3Server {
  settings: S3Settings;
  /** The service's environment for this server: `MEDIA_STORE=s3` and the `S3_*` settings. */
  env: Record<string, string>;
  /** The keys of every object in the bucket, sorted. */
  objectKeys(): Promise<string[]>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

/** s3rver's built-in account: it signs nothing else. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-protocol server (s3rver, files in a temporary folder) on 127.0.0.1 and a free port, with one empty
 * bucket. For tests and end-to-end runs; stop it when done (it keeps the process alive until then).
 */
export async function startS3Server({ bucket = 'looplabel-media' } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'looplabel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', ...CREDENTIALS };

  return {
    settings,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    async objectKeys() {
      const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, credentials: CREDENTIALS, forcePathStyle: true });
      try {
        const keys: string[] = [];
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
          keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        }
        return keys.sort();
      } finally {
        client.destroy();
      }
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
