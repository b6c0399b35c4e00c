import type { FastifyInstance } from 'fastify';
import { DEFAULT_CALLBACK_CONFIG, isLoopbackAddress } from '../config';
import type { CallbackAddressRules } from './address-rule';
import { createCallbackDispatcher } from './delivery';
import { startPeriodicTask } from './periodic-task';

export const userAgentOf = (buildNumber: number) => `looplabel-local-service/1.${buildNumber}`;

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
 * Delivers the outbox's due posts while the app runs: every `callbacks.pollMilliseconds` it starts the posts that
 * became due, without waiting for those in flight. It resumes from the table, so a restart loses no pending post.
 * When the app closes it aborts the posts in flight, which stay pending.
 */
export function registerCallbackWorker(app: FastifyInstance): void {
  const settings = app.config.callbacks ?? DEFAULT_CALLBACK_CONFIG;
  if (settings.pollMilliseconds === 0) return;
  const report = (error: unknown) => app.log.error({ err: error }, 'Delivering detection posts failed.');
  const dispatcher = createCallbackDispatcher(
    { db: app.db, settings, userAgent: userAgentOf(app.config.build.number), addresses: callbackAddressRules(app) },
    report,
  );
  const task = startPeriodicTask(() => dispatcher.dispatch(), settings.pollMilliseconds, report);
  app.addHook('onClose', async () => {
    await task.stop();
    await dispatcher.stop();
  });
}
