import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { isWorkerScript, WORKER_CONTENT_SECURITY_POLICY } from './security-headers';

const DEFAULT_RUNTIME_CONFIG = "window.LOOPLABEL_CONFIG = { apiBaseUrl: '' };\n";
const API_PATH = /^\/\d+(\/|$)/;

/**
 * Serves the built single-page app from `staticDir` when it exists: its files, `/config.js` (the runtime
 * config, with a same-origin default), and `index.html` for any other GET outside the API so that the
 * app's own routes load. Everything else unknown is a JSON 404.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasApp = existsSync(path.join(staticDir, 'index.html'));

  app.get('/config.js', async (_request, reply) => {
    const configFile = path.join(staticDir, 'config.js');
    const script = existsSync(configFile) ? await readFile(configFile, 'utf8') : DEFAULT_RUNTIME_CONFIG;
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script);
  });

  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/; the rest (index.html) must be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (isWorkerScript(filePath)) reply.header('Content-Security-Policy', WORKER_CONTENT_SECURITY_POLICY);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageLoad = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);
    if (hasApp && isPageLoad) return reply.sendFile('index.html');
    const path = request.url.split('?')[0] ?? '';
    throw notFound(`There is no endpoint ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}.`);
  });
}
