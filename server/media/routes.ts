import type { FastifyPluginAsync } from 'fastify';
import type { BlobStore } from './blob-store';
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
 * `GET /media-files/:key?exp&sig`: the stored bytes for anyone holding an unexpired signed URL (an `<img>` sends no
 * bearer header), readable from another origin so a separately hosted app can draw them on a canvas.
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

      const blob = await store.get(key);
      if (!blob) return reply.code(404).send({ message: 'This media file does not exist.' });
      return reply
        .headers(cacheHeaders)
        .header('Content-Type', blob.contentType)
        .header('Content-Length', blob.size)
        .header('X-Content-Type-Options', 'nosniff')
        .send(blob.body);
    },
  );
};
