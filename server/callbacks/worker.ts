import type { FastifyInstance } from 'fastify';
import { DEFAULT_CALLBACK_CONFIG, isLoopbackAddress } from '../config';
import type { PeriodicJob } from '../jobs/queue';
import type { CallbackAddressRules } from '../net/address-rule';
import { createCallbackDispatcher } from './delivery';

const userAgentOf = (buildNumber: number) => `looplabel-local-service/1.${buildNumber}`;

/**
 * The callback address rule as this app's configuration sets it: hosts the operator allows, and loopback only while
 * the service listens on loopback, never on the port it listens on.
 */
export function callbackAddressRules(app: FastifyInstance): CallbackAddressRules {
  const { host, port } = app.config;
  return {
    allowedHosts: new Set((app.config.callbacks ?? DEFAULT_CALLBACK_CONFIG).allowedHosts),
    listensOnLoopback: isLoopbackAddress(host),
    ownPort: () => {
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
  };
}

/**
 * Delivers the outbox's due posts: every `callbacks.pollMilliseconds` it starts the posts that became due, without
 * waiting for those in flight. Posts are claimed row by row, so any number of workers can deliver at once; a
 * restart loses no pending post. Stopping aborts the posts in flight, which stay pending. None when the interval is 0.
 */
export function callbackDeliveryJob(app: FastifyInstance): PeriodicJob | null {
  const settings = app.config.callbacks ?? DEFAULT_CALLBACK_CONFIG;
  if (settings.pollMilliseconds === 0) return null;
  const report = (error: unknown) => app.log.error({ err: error }, 'Delivering detection posts failed.');
  const dispatcher = createCallbackDispatcher(
    { db: app.db, settings, userAgent: userAgentOf(app.config.build.number), addresses: callbackAddressRules(app) },
    report,
  );
  return {
    name: 'callback-delivery',
    intervalSeconds: settings.pollMilliseconds / 1000,
    run: () => dispatcher.dispatch(),
    stop: () => dispatcher.stop(),
  };
}
