import type { FastifyInstance } from 'fastify';
import { startPeriodicTask } from '../callbacks/periodic-task';
import type { DatabaseHandle } from '.';

declare module 'fastify' {
  interface FastifyInstance {
    /** Vacuums the embedded database and refreshes its statistics now (also after bulk loads). */
    maintainDatabase(): Promise<void>;
  }
}

/**
 * How often the embedded database is maintained. Refreshing the statistics of 100,000 assertions takes about half a
 * second on the service's one connection, so not more often than this.
 */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/** Maintains the database every `MAINTENANCE_INTERVAL_MS` until the app closes, as autovacuum would on a server. */
export function registerDatabaseMaintenance(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorate('maintainDatabase', () => database.maintain());
  const task = startPeriodicTask(
    () => database.maintain(),
    MAINTENANCE_INTERVAL_MS,
    (error) => app.log.error({ err: error }, 'Maintaining the database failed.'),
  );
  app.addHook('onClose', () => task.stop());
}
