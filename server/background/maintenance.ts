import { removeExpiredExports } from '../export/export-jobs';
import { removeExpiredImports } from '../import/import-jobs';
import { pruneFinishedJobs } from '../jobs/finished';
import type { PeriodicJob } from '../jobs/queue';
import type { ServiceContext } from '../service-context';

/**
 * How often the database is maintained. Refreshing the statistics of 100,000 assertions takes about half a second
 * on the embedded database's one connection, so not more often than this.
 */
const MAINTENANCE_INTERVAL_SECONDS = 10 * 60;

/**
 * Maintains the embedded database as autovacuum would on a server (`maintain`), forgets jobs finished long ago and
 * removes the expired label exports with their files.
 */
export function databaseMaintenanceJob({ db, blobs }: Pick<ServiceContext, 'db' | 'blobs'>, maintain: () => Promise<void>): PeriodicJob {
  return {
    name: 'database-maintenance',
    intervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    run: async () => {
      await maintain();
      await pruneFinishedJobs(db);
      await removeExpiredExports(db, blobs);
      await removeExpiredImports(db, blobs);
    },
  };
}
