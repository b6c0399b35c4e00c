import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { exports } from '../db/schema';
import { tooManyRequests } from '../errors';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * How many exports may be prepared at once and kept (finished, ready or failed, until they expire), so that exports
 * cannot fill the disk. A new export beyond a running limit is 429; beyond a kept limit the oldest kept ones go.
 */
export const EXPORT_LIMITS = {
  runningPerUser: 2,
  runningPerTenant: 4,
  /** Every export of the user (running ones included) counts. */
  keptPerUser: 5,
  keptPerTenant: 20,
  /** What a 429 tells the client to wait: about what an export of a few thousand images takes. */
  retryAfterSeconds: 30,
} as const;

const sizeText = (bytes: number) => (bytes < 1024 ** 2 ? `${bytes} bytes` : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`);

/** The export's file grew beyond the configured maximum: the export fails saying so, and its partial file goes. */
export class ExportTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The export would be larger than ${sizeText(maxBytes)}, the most this service keeps (EXPORT_MAX_BYTES). Export without images, or ask the administrator to raise the limit.`);
    this.name = 'ExportTooLargeError';
  }
}

/** Makes the tenant's starts of exports take turns, so that two at once cannot both pass the limits. */
export async function lockTenantExports(tx: Transaction, tenantId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`exports:${tenantId}`}))`);
}

async function preparingCount(tx: Transaction, ...where: Parameters<typeof and>) {
  const [row] = await tx
    .select({ n: count() })
    .from(exports)
    .where(and(eq(exports.state, 'preparing'), ...where));
  return row?.n ?? 0;
}

/** 429 when the user, or their tenant, has as many exports being prepared as it may. */
export async function requireRunningRoom(tx: Transaction, tenantId: string, userId: string): Promise<void> {
  const wait = `Wait for one to finish; try again in ${EXPORT_LIMITS.retryAfterSeconds} s.`;
  if ((await preparingCount(tx, eq(exports.tenantId, tenantId), eq(exports.requestedBy, userId))) >= EXPORT_LIMITS.runningPerUser) {
    throw tooManyRequests(`You have ${EXPORT_LIMITS.runningPerUser} exports being prepared already, the most at once. ${wait}`, EXPORT_LIMITS.retryAfterSeconds);
  }
  if ((await preparingCount(tx, eq(exports.tenantId, tenantId))) >= EXPORT_LIMITS.runningPerTenant) {
    throw tooManyRequests(`This tenant has ${EXPORT_LIMITS.runningPerTenant} exports being prepared already, the most at once. ${wait}`, EXPORT_LIMITS.retryAfterSeconds);
  }
}

/** Removes the finished exports beyond the newest `keep` that match; their files' keys, to delete once committed. */
async function removeBeyond(tx: Transaction, keep: number, ...where: Parameters<typeof and>): Promise<string[]> {
  const beyond = await tx
    .select({ exportId: exports.exportId, blobKey: exports.blobKey })
    .from(exports)
    .where(and(...where))
    .orderBy(desc(exports.createdAt), desc(exports.exportId))
    .offset(keep);
  if (beyond.length === 0) return [];
  const removable = await tx
    .delete(exports)
    .where(and(inArray(exports.exportId, beyond.map((row) => row.exportId)), ne(exports.state, 'preparing')))
    .returning({ blobKey: exports.blobKey });
  return removable.map((row) => row.blobKey);
}

/** After a new export: the oldest kept ones of the user, then of the tenant, go beyond the kept limits. */
export async function removeOldestKept(tx: Transaction, tenantId: string, userId: string): Promise<string[]> {
  const ofUser = await removeBeyond(tx, EXPORT_LIMITS.keptPerUser, eq(exports.tenantId, tenantId), eq(exports.requestedBy, userId));
  const ofTenant = await removeBeyond(tx, EXPORT_LIMITS.keptPerTenant, eq(exports.tenantId, tenantId));
  return [...ofUser, ...ofTenant];
}
