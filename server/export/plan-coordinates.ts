import { and, eq, inArray } from 'drizzle-orm';
import type { ExportAnnotation } from '../../src/api/application-types/export-annotation';
import type { BoxCoords } from '../../src/api/types';
import type { Database } from '../db';
import { media } from '../db/schema';
import type { ExportNotes } from './notes';

/** Sub-plans of sub-plans of …: a chain of places deeper than this is taken as broken and stops where it is. */
const PLACE_DEPTH_MAX = 16;

/** A box or point moved by the offset of its item in the plan; a label of the whole item has no place in the plan. */
function intoPlan(annotation: ExportAnnotation, { x0, y0 }: BoxCoords): ExportAnnotation | null {
  if (annotation.kind === 'box') {
    const { box } = annotation;
    return { ...annotation, box: { x0: box.x0 + x0, y0: box.y0 + y0, x1: box.x1 + x0, y1: box.y1 + y0 } };
  }
  if (annotation.kind === 'point') return { ...annotation, x: annotation.x + x0, y: annotation.y + y0 };
  return null;
}

async function placesOf(db: Database, tenantId: string, mediaIds: string[]) {
  const rows = await db
    .select({ mediaId: media.mediaId, details: media.details })
    .from(media)
    .where(and(eq(media.tenantId, tenantId), inArray(media.mediaId, mediaIds)));
  return new Map(rows.flatMap((row) => (row.details.place_in_plan ? [[row.mediaId, row.details.place_in_plan] as const] : [])));
}

/**
 * The annotations of each labelled item moved into the plan it lies in, following place_in_plan up (a sub-plan of a
 * crop lands in the crop's image) and gathered under that plan's media id. Boxes and points move by the item's offset;
 * labels of a whole item (a class, count, offset or text of a sub-plan) say nothing of the plan and are left out, with
 * a note. Where sub-plans overlap, an object in the overlap is there once for each of them.
 */
export async function gatherIntoPlans(
  db: Database,
  tenantId: string,
  byMedia: ReadonlyMap<string, ExportAnnotation[]>,
  notes: ExportNotes,
): Promise<Map<string, ExportAnnotation[]>> {
  let current = new Map(byMedia);
  for (let depth = 0; depth < PLACE_DEPTH_MAX; depth += 1) {
    const places = await placesOf(db, tenantId, [...current.keys()]);
    if (places.size === 0) break;
    const next = new Map<string, ExportAnnotation[]>();
    for (const [mediaId, annotations] of current) {
      const place = places.get(mediaId);
      const moved = place ? annotations.map((annotation) => intoPlan(annotation, place.box)) : annotations;
      const kept = moved.filter((annotation) => annotation !== null);
      if (kept.length < moved.length) notes.add('Labels of a whole sub-plan (a class, count, offset or text) have no place in its plan and were left out.', moved.length - kept.length);
      const target = place?.media_id ?? mediaId;
      next.set(target, [...(next.get(target) ?? []), ...kept]);
    }
    current = next;
  }
  return current;
}
