import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { blobKeyOf, checkNamedKey, isNamedKey, isStoredKey, type BlobStore } from './blob-store';

/** Where the media go when `MEDIA_STORE=s3`: any S3-compatible server, addressed path-style. */
export interface S3Settings {
  /** `https://s3.example.com` (plain http only on loopback). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3BlobStore extends BlobStore {
  /** Throws an error that says what to fix when the bucket is missing, refuses the keys or cannot be reached. */
  checkBucket(): Promise<void>;
  /** Closes the client's pooled connections. */
  destroy(): void;
}

/**
 * Blobs are the objects `media/<key>` of the bucket and named ones the objects `<prefix>/<name>`, each with its
 * content type as the object's Content-Type.
 */
export const s3ObjectKey = (key: string) => (isNamedKey(key) ? key : `media/${key}`);

const S3_MAX_CONNECTIONS = 256;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** What to fix when the bucket cannot be used, in the words of the settings. */
function bucketProblem({ bucket, endpoint }: S3Settings, error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return `The S3 bucket "${bucket}" does not exist at ${endpoint}: create it, or fix S3_BUCKET.`;
  if (status === 401 || status === 403) {
    return `The S3 server at ${endpoint} refused access to the bucket "${bucket}": check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `Cannot reach the S3 bucket "${bucket}" at ${endpoint} (S3_ENDPOINT): ${reason}`;
}

export function createS3BlobStore(settings: S3Settings): S3BlobStore {
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // `<endpoint>/<bucket>/<key>`: works with every S3-compatible server, needs no wildcard DNS.
    forcePathStyle: true,
    // Checksums only where S3 demands them: many S3-compatible servers reject the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      // An unreachable or stalled server fails the request instead of holding it (and the start) forever.
      connectionTimeout: 5_000,
      socketTimeout: 60_000,
      // Each media link being streamed holds a connection until its client has read it (the SDK's default is 50).
      httpAgent: { maxSockets: S3_MAX_CONNECTIONS },
      httpsAgent: { maxSockets: S3_MAX_CONNECTIONS },
    },
  });

  async function has(key: string): Promise<boolean> {
    if (!isStoredKey(key)) return false;
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: s3ObjectKey(key) }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  return {
    has,

    async put(bytes, contentType) {
      const key = blobKeyOf(bytes);
      if (!(await has(key))) {
        // A PUT is atomic: readers see the whole object or none.
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: s3ObjectKey(key), Body: bytes, ContentType: contentType }));
      }
      return { key };
    },

    async putFile(key, filePath, contentType) {
      checkNamedKey(key);
      const { size } = await stat(filePath);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(filePath), ContentLength: size, ContentType: contentType }),
      );
    },

    async get(key, pickRange) {
      if (!isStoredKey(key)) return null;
      try {
        // A range needs the size first: one HEAD, then the ranged GET.
        const head = pickRange ? await client.send(new HeadObjectCommand({ Bucket: bucket, Key: s3ObjectKey(key) })) : undefined;
        const range = head ? (pickRange?.(head.ContentLength ?? 0) ?? undefined) : undefined;
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: s3ObjectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // In Node the body is the response stream itself: the bytes flow through without being held here.
        return {
          body: object.Body as Readable,
          size: head?.ContentLength ?? object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
          ...(range ? { range } : {}),
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      if (!isStoredKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: s3ObjectKey(key) }));
    },

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(bucketProblem(settings, error), { cause: error });
      }
    },

    destroy: () => client.destroy(),
  };
}
