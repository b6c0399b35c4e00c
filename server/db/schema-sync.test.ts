import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { pgliteTransactions } from '.';
import { migrate, SCHEMA_DIRS } from './migrate';
import * as schema from './schema';

/** Tables the migrations keep for themselves, which no query goes through drizzle for. */
const MIGRATION_ONLY_TABLES = ['schema_migrations'];

/**
 * What a database holds, as text that does not depend on how it was made: each table's columns (type,
 * nullability, default), and its constraints and indexes by definition (their names are left out, since drizzle-kit
 * and PostgreSQL name foreign keys differently).
 */
async function describeDatabase(client: PGlite): Promise<Record<string, string[]>> {
  const { rows } = await client.query<{ table_name: string; item: string }>(`
    SELECT c.relname AS table_name,
           'column ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) ||
           CASE WHEN a.attnotnull THEN ' not null' ELSE '' END ||
           coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS item
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT c.relname, 'constraint ' || pg_get_constraintdef(k.oid)
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    WHERE k.contype IN ('p', 'u', 'f')
    UNION ALL
    SELECT i.tablename, 'index ' || regexp_replace(i.indexdef, '^CREATE (UNIQUE )?INDEX \\S+ ON ', 'CREATE \\1INDEX ON ')
    FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = (quote_ident(i.indexname))::regclass)
  `);
  const tables: Record<string, string[]> = {};
  for (const { table_name, item } of rows) {
    if (!MIGRATION_ONLY_TABLES.includes(table_name)) (tables[table_name] ??= []).push(item);
  }
  for (const items of Object.values(tables)) items.sort();
  return tables;
}

async function fromMigrations(): Promise<PGlite> {
  const client = new PGlite();
  await migrate(pgliteTransactions(client));
  return client;
}

/** Generated columns call this function, which drizzle does not declare: it is taken from its file. */
const answerSetFunction = () => readFile(path.join(SCHEMA_DIRS.functions, 'answer_set.sql'), 'utf8');

/** drizzle cannot declare the columns an index INCLUDEs (a covering index): these are added to its statement. */
const INCLUDED_COLUMNS: Record<string, string> = { assertions_app_current_idx: 'user_id, model_id, seq' };

function withIncludedColumns(statement: string): string {
  const name = /^CREATE (?:UNIQUE )?INDEX "(\w+)"/.exec(statement)?.[1];
  const included = name ? INCLUDED_COLUMNS[name] : undefined;
  return included ? statement.replace(/\)( WHERE |;?$)/, `) INCLUDE (${included})$1`) : statement;
}

async function fromDrizzleSchema(): Promise<PGlite> {
  const client = new PGlite();
  await client.exec(await answerSetFunction());
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  await client.exec(statements.map(withIncludedColumns).join('\n'));
  return client;
}

describe('the drizzle schema and the SQL migrations', () => {
  it('describe the same tables, columns, keys, constraints and indexes', async () => {
    const [migrated, declared] = await Promise.all([fromMigrations(), fromDrizzleSchema()]);
    try {
      expect(await describeDatabase(declared)).toEqual(await describeDatabase(migrated));
    } finally {
      await Promise.all([migrated.close(), declared.close()]);
    }
  }, 60_000);
});
