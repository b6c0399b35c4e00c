import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface MigrationTransaction {
  /** Runs a script that may hold several statements. */
  exec(script: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export type RunInTransaction = <T>(work: (tx: MigrationTransaction) => Promise<T>) => Promise<T>;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
// Any constant shared by every instance: serialises migrations of services that start at the same time.
const MIGRATION_LOCK_KEY = 7_355_608;

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => MIGRATION_FILE.test(name)).sort();
}

/**
 * Applies every migration file not yet recorded in `schema_migrations`, in name order, each in its own
 * transaction together with its record. Returns the names applied now. A database that has them all (every start
 * but the first after an update) is checked in one transaction.
 */
export async function migrate(runInTransaction: RunInTransaction, dir = MIGRATIONS_DIR): Promise<string[]> {
  const missing = await runInTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const recorded = new Set((await tx.query('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    return (await listMigrations(dir)).filter((name) => !recorded.has(name));
  });
  const applied: string[] = [];
  for (const name of missing) {
    const script = await readFile(path.join(dir, name), 'utf8');
    const ran = await runInTransaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.rows.length > 0) return false;
      await tx.exec(script);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
