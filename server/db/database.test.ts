import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIdentity } from '../demo/seed-identity';
import { openDatabase, pgliteTransactions } from '.';
import { listMigrations, migrate, type RunInTransaction, type SchemaDirs } from './migrate';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-db-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('openDatabase with PGlite on disk', () => {
  it('applies the migrations once, keeps the data, and seeds the demo identities only once', async () => {
    const first = await openDatabase({ dataDir });
    const seeded = await seedIdentity(first.db);
    expect(seeded.created).toBe(true);
    await first.close();
    expect(await readdir(path.join(dataDir, 'db'))).not.toHaveLength(0);

    const second = await openDatabase({ dataDir });
    try {
      const applied = await second.db
        .select({ name: sql<string>`name` })
        .from(sql`schema_migrations`)
        .orderBy(sql`name`);
      expect(applied.map((row) => row.name)).toEqual(await listMigrations());
      const again = await seedIdentity(second.db);
      expect(again).toEqual({ ...seeded, created: false });
    } finally {
      await second.close();
    }
  });
});

describe('maintain', () => {
  it("refreshes the embedded database's planner statistics", async () => {
    const database = await openDatabase();
    try {
      await seedIdentity(database.db);
      const estimate = async () => {
        const [row] = await database.db
          .select({ reltuples: sql<number>`reltuples` })
          .from(sql`pg_class`)
          .where(sql`relname = 'users'`);
        return Number(row!.reltuples);
      };
      expect(await estimate()).toBeLessThan(0);
      await database.maintain();
      expect(await estimate()).toBe(3);
    } finally {
      await database.close();
    }
  });
});

/** Empty folders of migrations and of functions in `dir`. */
async function schemaDirsIn(dir: string): Promise<SchemaDirs> {
  const dirs = { migrations: path.join(dir, 'migrations'), functions: path.join(dir, 'functions') };
  await Promise.all(Object.values(dirs).map((folder) => mkdir(folder)));
  return dirs;
}

describe('migrate', () => {
  it('applies files in name order, each in a transaction: a failing one leaves no trace and is retried', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-migrations-'));
    const dirs = await schemaDirsIn(dir);
    const client = new PGlite();
    try {
      await writeFile(path.join(dirs.migrations, '0002_more.sql'), 'CREATE TABLE b (id int);\nINSERT INTO missing VALUES (1);');
      await writeFile(path.join(dirs.migrations, '0001_first.sql'), 'CREATE TABLE a (id int);\nINSERT INTO a VALUES (1);');
      await writeFile(path.join(dirs.migrations, 'notes.txt'), 'not a migration');
      await expect(migrate(pgliteTransactions(client), dirs)).rejects.toThrow(/missing/);

      const tables = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      expect(tables.rows.map((row) => row.name)).toEqual(['a', 'schema_migrations']);

      await writeFile(path.join(dirs.migrations, '0002_more.sql'), 'CREATE TABLE b (id int);');
      expect(await migrate(pgliteTransactions(client), dirs)).toEqual(['0002_more.sql']);
      expect(await migrate(pgliteTransactions(client), dirs)).toEqual([]);
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('checks a database that has every migration in one transaction', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-migrations-'));
    const dirs = await schemaDirsIn(dir);
    const client = new PGlite();
    try {
      await writeFile(path.join(dirs.migrations, '0001_first.sql'), 'CREATE TABLE a (id int);');
      await writeFile(path.join(dirs.migrations, '0002_more.sql'), 'CREATE TABLE b (id int);');
      expect(await migrate(pgliteTransactions(client), dirs)).toEqual(['0001_first.sql', '0002_more.sql']);
      let transactions = 0;
      const counted: RunInTransaction = (work) => {
        transactions += 1;
        return pgliteTransactions(client)(work);
      };
      expect(await migrate(counted, dirs)).toEqual([]);
      expect(transactions).toBe(1);
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('defines the functions after the migrations, at every start, in the same transaction as the check', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-migrations-'));
    const dirs = await schemaDirsIn(dir);
    const client = new PGlite();
    const answer = async () => (await client.query<{ answer: number }>('SELECT answer() AS answer')).rows[0]?.answer;
    try {
      await writeFile(path.join(dirs.migrations, '0001_first.sql'), 'CREATE TABLE a (id int);\nINSERT INTO a VALUES (41);');
      await writeFile(path.join(dirs.functions, 'answer.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT id FROM a $$;');
      await migrate(pgliteTransactions(client), dirs);
      expect(await answer()).toBe(41);

      await writeFile(path.join(dirs.functions, 'answer.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT id + 1 FROM a $$;');
      let transactions = 0;
      const counted: RunInTransaction = (work) => {
        transactions += 1;
        return pgliteTransactions(client)(work);
      };
      expect(await migrate(counted, dirs)).toEqual([]);
      expect(transactions).toBe(1);
      expect(await answer()).toBe(42);
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives every migration a number of its own', async () => {
    const numbers = (await listMigrations()).map((name) => name.slice(0, name.indexOf('_')));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it('does not apply a renumbered migration again to a database that recorded it under its former name', async () => {
    const client = new PGlite();
    try {
      await migrate(pgliteTransactions(client));
      await client.query("UPDATE schema_migrations SET name = '0018_media_lookups.sql' WHERE name = '0021_media_lookups.sql'");
      expect(await migrate(pgliteTransactions(client))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
