// Click-to-box through the application's model server: the service asks it (never the browser), when it is interactive.
import { askInteractiveBox } from '../../../api/endpoints/model-server';
import { getApiClient } from '../../../lib/api-client';
import type { RegionQuery } from '../contract/tool-events';
import type { Region } from '../contract/region';

/**
 * The box the application's interactive model server finds for a click (`seed`) or a rough box (`inside`), as a region;
 * null when the application has none, or it found nothing there, or failed: the canvas then looks for itself.
 */
export async function serverRegion(appId: string, mediaId: string, query: RegionQuery, signal: AbortSignal): Promise<Region | null> {
  const body = 'seed' in query ? { media_id: mediaId, point: { x: query.seed.x, y: query.seed.y } } : { media_id: mediaId, box: { ...query.inside } };
  const answer = await askInteractiveBox(getApiClient(), appId, body, signal).catch(() => null);
  if (!answer?.box) return null;
  const { x0, y0, x1, y1 } = answer.box;
  return { box: answer.box, centroid: { x: (x0 + x1) / 2, y: (y0 + y1) / 2 }, area: (x1 - x0) * (y1 - y0) };
}
