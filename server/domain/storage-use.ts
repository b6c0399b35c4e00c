import { count, eq, sql } from 'drizzle-orm';
import type { StorageUse } from '../../src/api/schemas/storage';
import type { Database } from '../db';
import { exports, media } from '../db/schema';

/** The tenant's bytes in the media store: its media originals and its label exports' files. */
export async function tenantStorageUse(db: Database, tenantId: string): Promise<StorageUse> {
  const [media_] = await db
    .select({ bytes: sql<string>`coalesce(sum(${media.size}), 0)` })
    .from(media)
    .where(eq(media.tenantId, tenantId));
  const [exported] = await db
    .select({ bytes: sql<string>`coalesce(sum(${exports.size}), 0)`, n: count() })
    .from(exports)
    .where(eq(exports.tenantId, tenantId));
  const mediaBytes = Number(media_?.bytes ?? 0);
  const exportBytes = Number(exported?.bytes ?? 0);
  return { media_bytes: mediaBytes, export_bytes: exportBytes, exports: exported?.n ?? 0, total_bytes: mediaBytes + exportBytes };
}
