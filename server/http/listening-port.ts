import type { FastifyInstance } from 'fastify';

/** The port the app's server listens on, once it does; null before. */
export const listeningPortOf = (app: FastifyInstance) => (): number | null => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : null;
};
