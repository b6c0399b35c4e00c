// The canvas's side of click-to-box: answers the object a tool awaits, first from the application's interactive model
// server (through the service), then from the detector's objects of the media (fetched once per media, when its image
// shows), else by GrabCut in the region worker.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { mediaObjectsQueryOptions } from '../../../lib/queries/media';
import { queryClient } from '../../../lib/query-client';
import type { DisplayedImage } from '../view/image-cache';
import type { ActiveTool } from '../contract/tool-runner';
import type { Size } from '../geometry/types';
import type { RegionFoundEvent } from '../contract/tool-events';
import { awaitedRegionQuery } from '../contract/tool-events';
import { objectMatchingBox, objectUnderClick } from './detected-object';
import type { Region } from '../contract/region';
import { canFindRegions, RegionFinder } from './region-finder';
import { serverRegion } from './server-region';

/**
 * `appId` is the application whose model server is asked first (null: none is), `mediaId` and `image` are the media and the image the canvas displays (any of its resolutions), `media` its full
 * size, `active` the tool state, `send` runs one event through the tool (as a pointer event does); `findsObjects`:
 * the type's clicks ask for objects, so GrabCut can be readied. Returns whether pointer events may ask for regions
 * (`findsRegions` on each `ToolPointerEvent`), and `warmUpRegions`, for the first time the pointer moves over the image:
 * OpenCV.js (about 13 MB to load and compile) is loaded then, while the labeller aims, and never for one who answers
 * with keys alone.
 */
export function useClickRegions(
  appId: string | null,
  mediaId: string,
  image: DisplayedImage | null,
  media: Size,
  active: ActiveTool,
  send: (event: RegionFoundEvent) => void,
  findsObjects: boolean,
) {
  const [finder] = useState(() => new RegionFinder());
  const findsRegions = image !== null && canFindRegions();
  useEffect(() => () => finder.dispose(), [finder]);
  const warmed = useRef(false);
  const warmUpRegions = useCallback(() => {
    if (!findsObjects || warmed.current) return;
    warmed.current = true;
    finder.warmUp();
  }, [finder, findsObjects]);
  useEffect(() => finder.setImage(image, media), [finder, image, media]);
  useEffect(() => {
    if (findsRegions) void queryClient.prefetchQuery(mediaObjectsQueryOptions(mediaId));
  }, [mediaId, findsRegions]);

  const query = 'state' in active ? awaitedRegionQuery(active.state) : null;
  const deliver = useEffectEvent(send);
  useEffect(() => {
    if (!query) return;
    let live = true;
    const asking = new AbortController();
    const find = async (): Promise<Region | null> => {
      const fromServer = appId === null ? null : await serverRegion(appId, mediaId, query, asking.signal);
      if (fromServer) return fromServer;
      const objects = await queryClient.fetchQuery(mediaObjectsQueryOptions(mediaId)).catch(() => null);
      const detected = objects && ('seed' in query ? objectUnderClick(objects, query.seed) : objectMatchingBox(objects, query.inside));
      return detected ?? finder.find(query);
    };
    void find().then((region) => live && deliver({ type: 'regionFound', query, region }));
    return () => {
      live = false;
      asking.abort();
    };
  }, [appId, finder, mediaId, query]);

  return { findsRegions, warmUpRegions };
}


