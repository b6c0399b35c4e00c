import { forbidden, notFound, rangeNotSatisfiable } from '../errors';
import type { BlobStore, ByteRange, StoredBlob } from './blob-store';
import { parseByteRange } from './byte-range';
import { verifyGrantedSignature, verifyMediaSignature, type MediaGrant, type MediaSigningSecret } from './signed-urls';

/** A request for a stored file by its signed link, in plain values. */
export interface MediaFileRequest {
  key: string;
  exp: string | undefined;
  sig: string | undefined;
  ifNoneMatch: string | undefined;
  range: string | undefined;
  now: number;
  /** A link for a model server names its application; this is the grant the application holds now (null: none). */
  grant?: MediaGrant | null;
}

/** The answer: its status, its headers and, but for 304, its bytes (all of them, or the range's). */
export type MediaFileAnswer =
  | { status: 304; headers: Record<string, string> }
  | { status: 200 | 206; headers: Record<string, string | number>; body: StoredBlob['body'] };

const REFUSALS = {
  invalid: 'This media link is not valid.',
  expired: 'This media link has expired.',
} as const;

function matchesEntityTag(ifNoneMatch: string | undefined, entityTag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === entityTag;
  });
}

/**
 * The stored bytes for anyone holding an unexpired signed link: 304 when the caller has them (`If-None-Match`), 206
 * with that part alone for a `Range` of bytes (a browser seeking in a video). A link that is not valid or has
 * expired is `forbidden`, a key not stored `not-found`, a range past the end `range-not-satisfiable`.
 */
export async function readMediaFile(store: BlobStore, secret: MediaSigningSecret, request: MediaFileRequest): Promise<MediaFileAnswer> {
  const { key, exp, sig, now } = request;
  const check = request.grant === undefined ? verifyMediaSignature(secret, key, exp, sig, now) : verifyGrantedSignature(secret, key, exp, sig, request.grant, now);
  if (check !== 'valid') throw forbidden(REFUSALS[check]);

  const entityTag = `"${key}"`;
  const cacheHeaders = {
    ETag: entityTag,
    // A signed URL is only ever fetched again under the same expiry, and its bytes never change.
    'Cache-Control': `private, max-age=${Number(exp) - now}, immutable`,
  };
  if (matchesEntityTag(request.ifNoneMatch, entityTag) && (await store.has(key))) return { status: 304, headers: cacheHeaders };

  const pickRange = (size: number): ByteRange | null => {
    const range = parseByteRange(request.range, size);
    return range === 'unsatisfiable' ? null : range;
  };
  const blob = await store.get(key, request.range ? pickRange : undefined);
  if (!blob) throw notFound('This media file does not exist.');
  if (!blob.range && parseByteRange(request.range, blob.size) === 'unsatisfiable') {
    if (!Buffer.isBuffer(blob.body)) (blob.body as NodeJS.ReadableStream & { destroy(): void }).destroy();
    throw rangeNotSatisfiable('The requested range is outside this media file.', blob.size);
  }
  const headers = { ...cacheHeaders, 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff', 'Content-Type': blob.contentType };
  if (!blob.range) return { status: 200, headers: { ...headers, 'Content-Length': blob.size }, body: blob.body };
  const { start, end } = blob.range;
  return {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${blob.size}`, 'Content-Length': end - start + 1 },
    body: blob.body,
  };
}
