import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { ensurePrivateDir, restrictTree } from '../data-dir';
import { migrate, type RunInTransaction } from './migrate';
import * as schema from './schema';

;

/** The drizzle database, the same type whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Reclaims dead rows and refreshes the planner's statistics. PGlite has no autovacuum, so the service calls this
   * itself (see `registerDatabaseMaintenance`); a PostgreSQL server does it on its own and this does nothing.
   */
  maintain(): Promise<void>;
  /**
   * Makes an embedded database's files private (PGlite writes them 0666, see data-dir.ts); `maintain` and `close` do
   * so too. Nothing to do on a PostgreSQL server or in memory.
   */
  restrictFiles(): Promise<void>;
  /** A PGlite database's files as one archive, for `pgliteDump`. */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | null;
  /** PGlite keeps its files in `<dataDir>/db`; without one the database lives in memory. */
  dataDir?: string | null;
  /** An in-memory PGlite starts from this dump of a database (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob | null;
}

/** Runs migration work in a PGlite transaction. */
export const pgliteTransactions =
  (client: PGlite): RunInTransaction =>
  (work) =>
    client.transaction((tx) =>
      work({
        exec: async (script) => {
          await tx.exec(script);
        },
        query: (text, params) => tx.query<Record<string, unknown>>(text, params),
      }),
    );

/** Runs migration work in a transaction on one connection of the pool. */
const postgresTransactions =
  (pool: pg.Pool): RunInTransaction =>
  async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({
        exec: async (script) => {
          await client.query(script);
        },
        query: (text, params) => client.query(text, params),
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };

async function openPglite(dataDir: string | null, dump: Blob | null): Promise<DatabaseHandle> {
  let client: PGlite;
  const dir = dataDir ? path.join(dataDir, 'db') : null;
  // PGlite writes its files 0666: they are made private (see data-dir.ts) once the service listens, after
  // maintenance and on close.
  const restrict = () => (dir ? restrictTree(dir) : Promise.resolve());
  if (dataDir && dir) {
    await ensurePrivateDir(dataDir);
    await ensurePrivateDir(dir);
    client = new PGlite(dir);
  } else {
    client = new PGlite(dump ? { loadDataDir: dump } : {});
  }
  try {
    await client.waitReady;
    await migrate(pgliteTransactions(client));
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: drizzlePglite({ client, schema }),
    driver: 'pglite',
    close: async () => {
      await client.close();
      await restrict();
    },
    maintain: async () => {
      await client.exec('VACUUM (ANALYZE)');
      await restrict();
    },
    restrictFiles: restrict,
    dump: () => client.dumpDataDir('none'),
  };
}

/** The PostgreSQL driver is loaded only for a PostgreSQL server: the embedded database's start does without it. */
async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({ connectionString });
  // An idle connection the server closes (a restart, an administrator) is dropped from the pool, which opens a new one
  // for the next query; without a listener its error event would end the process.
  pool.on('error', (error) => process.emitWarning(`A PostgreSQL connection was closed: ${error.message}`));
  try {
    await migrate(postgresTransactions(pool));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzlePostgres({ client: pool, schema }),
    driver: 'postgres',
    close: () => pool.end(),
    maintain: () => Promise.resolve(),
    restrictFiles: () => Promise.resolve(),
  };
}

/** Opens the database (PostgreSQL, PGlite on disk, or PGlite in memory) and applies pending migrations. */
export function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir ?? null, options.pgliteDump ?? null);
}
