import { sql, type SQL } from 'drizzle-orm';

/** Which answers the analytics read: those in the window, grouped into periods of `bucketSeconds` (0: one total). */
export interface FigureWindow {
  /** Null: from the first answer. */
  start: number | null;
  end: number;
  bucketSeconds: number;
}

/** The start of the period a time falls in (0 for the window's total). */
export const periodOf = (window: FigureWindow, column: SQL): SQL =>
  window.bucketSeconds > 0 ? sql`floor(${column} / ${window.bucketSeconds}) * ${window.bucketSeconds}` : sql`0`;

/** The time lies in the window. */
export const inWindow = (window: FigureWindow, column: SQL): SQL =>
  window.start === null ? sql`${column} <= ${window.end}` : sql`${column} BETWEEN ${window.start} AND ${window.end}`;

/** The application ids as a set of rows, for `app_id IN (…)`. */
export const appIdSet = (appIds: readonly string[]): SQL => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(appIds)}::jsonb))`;

/** The start of the period a time falls in, as `periodOf` computes it in SQL. */
export const periodStart = (window: FigureWindow, time: number): number =>
  window.bucketSeconds > 0 ? Math.floor(time / window.bucketSeconds) * window.bucketSeconds : 0;
