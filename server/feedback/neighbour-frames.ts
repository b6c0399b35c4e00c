import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { jsonRowOf, rowsOf } from '../db/json-row';
import { media } from '../db/schema';
import type { MediaRow } from '../domain/media';

/** How many frames on each side of a frame a feedback request carries in `other_media`. */
const NEIGHBOUR_FRAMES_EACH_SIDE = 5;

interface NeighbourRow {
  for_media: string;
  media_row: MediaRow;
}

const frameNumber = sql`(media.details ->> 'frame')::int`;

const frameOf = (row: MediaRow): number | null => (row.parentMediaIds.length > 0 ? (row.details.frame ?? null) : null);

/**
 * The frames of the same parent video around each frame among `items`, the nearest up to 5 before and 5 after,
 * ordered by frame, keyed by the frame's media id: one query for the whole batch. Items that are no frame get none.
 * Twin frames (two segmenters of one video) count once: the earliest made.
 */
export async function neighbourFrames(db: Database, tenantId: string, items: readonly MediaRow[]): Promise<Map<string, MediaRow[]>> {
  const frames = items.flatMap((row) => {
    const frame = frameOf(row);
    return frame === null ? [] : [{ media_id: row.mediaId, parent: row.parentMediaIds[0], frame }];
  });
  const neighbours = new Map<string, MediaRow[]>();
  if (frames.length === 0) return neighbours;
  const side = (compare: 'before' | 'after') => sql`
    SELECT * FROM (
      SELECT DISTINCT ON (${frameNumber}) ${jsonRowOf(media)} AS media_row, ${frameNumber} AS frame
      FROM media
      WHERE media.tenant_id = ${tenantId} AND media.parent_media_ids ->> 0 = b.parent AND media.details ->> 'frame' IS NOT NULL
        AND ${compare === 'before' ? sql`${frameNumber} < b.frame` : sql`${frameNumber} > b.frame`}
      ORDER BY ${frameNumber}, media.created_at, media.media_id
    ) AS f
    ORDER BY f.frame ${compare === 'before' ? sql`DESC` : sql`ASC`}
    LIMIT ${NEIGHBOUR_FRAMES_EACH_SIDE}`;
  const result = await db.execute(sql`
    SELECT b.media_id AS for_media, n.media_row
    FROM jsonb_to_recordset(${JSON.stringify(frames)}::jsonb) AS b(media_id text, parent text, frame int)
    CROSS JOIN LATERAL ((${side('before')}) UNION ALL (${side('after')})) AS n
    ORDER BY b.media_id, n.frame`);
  for (const { for_media, media_row } of rowsOf<NeighbourRow>(result)) {
    neighbours.set(for_media, [...(neighbours.get(for_media) ?? []), media_row]);
  }
  return neighbours;
}
