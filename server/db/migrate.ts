import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface MigrationTransaction {
  /** Runs a script that may hold several statements. */
  exec(script: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export type RunInTransaction = <T>(work: (tx: MigrationTransaction) => Promise<T>) => Promise<T>;

/** The migrations, applied once each, in name order, and the SQL functions, each defined afresh at every start. */
export interface SchemaDirs {
  migrations: string;
  functions: string;
}

export const SCHEMA_DIRS: SchemaDirs = {
  migrations: path.join(import.meta.dirname, 'migrations'),
  functions: path.join(import.meta.dirname, 'functions'),
};
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
const FUNCTION_FILE = /^[a-z0-9_]+\.sql$/;
// Any constant shared by every instance: serialises migrations of services that start at the same time.
const MIGRATION_LOCK_KEY = 7_355_608;

/**
 * Migrations renamed after databases recorded them under their former name, which such a database has applied:
 * 0018_media_lookups.sql shared its number with 0018_honest_measures.sql.
 */
const FORMER_NAMES: Readonly<Record<string, string>> = { '0021_media_lookups.sql': '0018_media_lookups.sql' };

/** The names a database may have recorded a migration under. */
const recordedNamesOf = (name: string) => [name, ...(FORMER_NAMES[name] === undefined ? [] : [FORMER_NAMES[name]])];

const sqlFiles = async (dir: string, pattern: RegExp) => (await readdir(dir)).filter((name) => pattern.test(name)).sort();

export const listMigrations = (dir = SCHEMA_DIRS.migrations): Promise<string[]> => sqlFiles(dir, MIGRATION_FILE);

/** The function files, `<function name>.sql`, each a `CREATE OR REPLACE FUNCTION` of the function's current definition. */
export const listFunctions = (dir = SCHEMA_DIRS.functions): Promise<string[]> => sqlFiles(dir, FUNCTION_FILE);

async function lock(tx: MigrationTransaction) {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}

/** Defines every function as its file has it now; a migration that defined it earlier is history. */
async function defineFunctions(tx: MigrationTransaction, scripts: readonly string[]) {
  for (const script of scripts) await tx.exec(script);
}

/**
 * Applies every migration file not yet recorded in `schema_migrations`, in name order, each in its own
 * transaction together with its record, then defines the SQL functions. Returns the names applied now. A database
 * that has them all (every start but the first after an update) is checked, and its functions defined, in one
 * transaction.
 */
export async function migrate(runInTransaction: RunInTransaction, dirs: SchemaDirs = SCHEMA_DIRS): Promise<string[]> {
  const functions = await Promise.all((await listFunctions(dirs.functions)).map((name) => readFile(path.join(dirs.functions, name), 'utf8')));
  const missing = await runInTransaction(async (tx) => {
    await lock(tx);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const recorded = new Set((await tx.query('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    const pending = (await listMigrations(dirs.migrations)).filter((name) => !recordedNamesOf(name).some((known) => recorded.has(known)));
    if (pending.length === 0) await defineFunctions(tx, functions);
    return pending;
  });
  if (missing.length === 0) return [];
  const applied: string[] = [];
  for (const name of missing) {
    const script = await readFile(path.join(dirs.migrations, name), 'utf8');
    const ran = await runInTransaction(async (tx) => {
      await lock(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = ANY($1)', [recordedNamesOf(name)]);
      if (done.rows.length > 0) return false;
      await tx.exec(script);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  await runInTransaction(async (tx) => {
    await lock(tx);
    await defineFunctions(tx, functions);
  });
  return applied;
}
