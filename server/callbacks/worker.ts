import type { FastifyInstance } from 'fastify';
import { DEFAULT_CALLBACK_CONFIG } from '../config';
import { deliverDuePosts } from './delivery';
import { startPeriodicTask } from './periodic-task';

export const userAgentOf = (buildNumber: number) => `looplabel-local-service/1.${buildNumber}`;

/**
 * Delivers the outbox's due posts every `callbacks.pollMilliseconds` while the app runs; it resumes from the table,
 * so a restart loses no pending post. It stops (after any delivery in flight) when the app closes.
 */
export function registerCallbackWorker(app: FastifyInstance): void {
  const settings = app.config.callbacks ?? DEFAULT_CALLBACK_CONFIG;
  if (settings.pollMilliseconds === 0) return;
  const deps = { db: app.db, settings, userAgent: userAgentOf(app.config.build.number) };
  const task = startPeriodicTask(
    () => deliverDuePosts(deps),
    settings.pollMilliseconds,
    (error) => app.log.error({ err: error }, 'Delivering detection posts failed.'),
  );
  app.addHook('onClose', () => task.stop());
}
