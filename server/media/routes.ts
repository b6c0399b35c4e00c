import type { FastifyPluginAsync } from 'fastify';
import type { BlobStore, ByteRange } from './blob-store';
import { parseByteRange } from './byte-range';
import type { MediaSigningSecret } from './signed-urls';
import { MEDIA_FILES_PATH, unixNow, verifyMediaSignature } from './signed-urls';

export interface MediaFileRoutesOptions {
  store: BlobStore;
  secret: MediaSigningSecret;
}

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
 * `GET /media-files/:key?exp&sig`: the stored bytes for anyone holding an unexpired signed URL (an `<img>` or `<video>`
 * sends no bearer header), readable from another origin so a separately hosted app can draw them on a canvas. A
 * `Range` of bytes is answered with 206 and that part alone, so that a browser can seek in a video.
 */
export const mediaFileRoutes: FastifyPluginAsync<MediaFileRoutesOptions> = async (app, { store, secret }) => {
  app.get<{ Params: { key: string }; Querystring: { exp?: string; sig?: string } }>(
    `${MEDIA_FILES_PATH}/:key`,
    {
      schema: {
        params: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
        querystring: { type: 'object', properties: { exp: { type: 'string' }, sig: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
      const { key } = request.params;
      const { exp, sig } = request.query;
      const now = unixNow();
      const check = verifyMediaSignature(secret, key, exp, sig, now);
      if (check !== 'valid') return reply.code(403).send({ message: REFUSALS[check] });

      const entityTag = `"${key}"`;
      const cacheHeaders = {
        ETag: entityTag,
        // A signed URL is only ever fetched again under the same expiry, and its bytes never change.
        'Cache-Control': `private, max-age=${Number(exp) - now}, immutable`,
      };
      if (matchesEntityTag(request.headers['if-none-match'], entityTag) && (await store.has(key))) {
        return reply.code(304).headers(cacheHeaders).send();
      }

      const rangeHeader = request.headers.range;
      const pickRange = (size: number): ByteRange | null => {
        const range = parseByteRange(rangeHeader, size);
        return range === 'unsatisfiable' ? null : range;
      };
      const blob = await store.get(key, rangeHeader ? pickRange : undefined);
      if (!blob) return reply.code(404).send({ message: 'This media file does not exist.' });
      reply.headers(cacheHeaders).header('Accept-Ranges', 'bytes').header('X-Content-Type-Options', 'nosniff');
      if (!blob.range && parseByteRange(rangeHeader, blob.size) === 'unsatisfiable') {
        if (!Buffer.isBuffer(blob.body)) (blob.body as NodeJS.ReadableStream & { destroy(): void }).destroy();
        return reply.code(416).header('Content-Range', `bytes */${blob.size}`).send({ message: 'The requested range is outside this media file.' });
      }
      reply.header('Content-Type', blob.contentType);
      if (!blob.range) return reply.header('Content-Length', blob.size).send(blob.body);
      const { start, end } = blob.range;
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${blob.size}`)
        .header('Content-Length', end - start + 1)
        .send(blob.body);
    },
  );
};
