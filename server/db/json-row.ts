import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The table's row as one JSON object keyed by drizzle's property names, which parses back into the row drizzle would
 * give: many rows can travel as one aggregated column, and raw SQL can return typed rows.
 */
export function jsonRowOf(table: PgTable): SQL {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`json_build_object(${sql.join(fields, sql`, `)})`;
}

/** The rows of a raw `execute`: node-postgres and PGlite both return `{rows}`, but drizzle types the two differently. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
