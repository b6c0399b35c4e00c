import { and, asc, eq, sql } from 'drizzle-orm';
import type { PlaceInPlan } from '../../src/api/schemas/media';
import type { Database } from '../db';
import { media } from '../db/schema';
import type { MediaRow } from './media';

/**
 * The tiles of a plan that one application made (media whose place_in_plan names the plan and the application), in
 * the order they were made. One application makes all its tiles of a plan in one transaction, so a tile never sees
 * only some of its siblings.
 */
export function listPlanTiles(db: Database, tenantId: string, place: Pick<PlaceInPlan, 'media_id' | 'application_id'>): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(
      and(
        eq(media.tenantId, tenantId),
        sql`${media.details} -> 'place_in_plan' ->> 'media_id' = ${place.media_id}`,
        sql`${media.details} -> 'place_in_plan' ->> 'application_id' = ${place.application_id}`,
      ),
    )
    .orderBy(asc(media.createdAt), asc(media.mediaId));
}
