import type { FastifyPluginAsync } from 'fastify';
import type { BlobStore } from '../media/blob-store';
import { readMediaFile } from '../media/media-file';
import { MEDIA_FILES_PATH, unixNow, type MediaGrant, type MediaSigningSecret } from '../media/signed-urls';

export interface MediaFileRoutesOptions {
  store: BlobStore;
  secret: MediaSigningSecret;
  /** The media grant an application holds for its model server (links with `app`), or null. */
  grantOf?: (applicationId: string) => Promise<MediaGrant | null>;
}

/**
 * `GET /media-files/:key?exp&sig`: the stored bytes for anyone holding an unexpired signed URL (an `<img>` or `<video>`
 * sends no bearer header), readable from another origin so a separately hosted app can draw them on a canvas
 * (`server/media/media-file.ts` decides the answer). Outside the API's authentication.
 */
export const mediaFileRoutes: FastifyPluginAsync<MediaFileRoutesOptions> = async (app, { store, secret, grantOf }) => {
  // The JSON-schema declarations are documentation: readMediaFile checks the key, expiry and signature itself, and
  // the app's compiler only reads zod schemas.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.get<{ Params: { key: string }; Querystring: { exp?: string; sig?: string; app?: string } }>(
    `${MEDIA_FILES_PATH}/:key`,
    {
      schema: {
        params: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
        querystring: { type: 'object', properties: { exp: { type: 'string' }, sig: { type: 'string' }, app: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
      const { app: applicationId } = request.query;
      const grant = applicationId === undefined ? undefined : ((await grantOf?.(applicationId.slice(0, 100))) ?? null);
      const answer = await readMediaFile(store, secret, {
        key: request.params.key,
        exp: request.query.exp,
        sig: request.query.sig,
        ifNoneMatch: request.headers['if-none-match'],
        range: request.headers.range,
        now: unixNow(),
        ...(grant === undefined ? {} : { grant }),
      });
      reply.code(answer.status).headers(answer.headers);
      return answer.status === 304 ? reply.send() : reply.send(answer.body);
    },
  );
};
