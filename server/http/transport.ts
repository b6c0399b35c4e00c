import type { FastifyInstance } from 'fastify';
import type { ServiceConfig } from '../config';
import { forbidden } from '../errors';

const HSTS = 'max-age=31536000';

/**
 * HTTPS rules: behind a trusted TLS-terminating proxy a request forwarded as plain HTTP is refused, and any
 * answer given over TLS (own certificate, or the proxy's) tells browsers to stay on HTTPS.
 */
export function registerTransportSecurity(app: FastifyInstance, config: Pick<ServiceConfig, 'tls' | 'trustProxy'>): void {
  if (config.trustProxy) {
    app.addHook('onRequest', async (request) => {
      if (request.protocol !== 'https') throw forbidden('Use HTTPS: this service does not answer plain HTTP.');
    });
  }
  app.addHook('onSend', async (request, reply) => {
    if (config.tls || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
