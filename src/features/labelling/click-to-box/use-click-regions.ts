// The canvas's side of click-to-box: keeps the worker's image current and answers the click a tool awaits.
import { useEffect, useEffectEvent, useState } from 'react';
import type { DisplayedImage } from '../canvas/image-cache';
import type { ActiveTool } from '../canvas/run-tool';
import type { Size } from '../geometry/types';
import type { RegionFoundEvent } from '../tools/types';
import { awaitedRegionSeed } from '../tools/types';
import { canFindRegions, RegionFinder } from './region-finder';

/**
 * `image` is the image the canvas displays (any of the media's resolutions), `media` the media's full size,
 * `active` the tool state, `send` runs one event through the tool (as a pointer event does). Returns whether
 * pointer events may ask for regions (`findsRegions` on each `ToolPointerEvent`).
 */
export function useClickRegions(image: DisplayedImage | null, media: Size, active: ActiveTool, send: (event: RegionFoundEvent) => void) {
  const [finder] = useState(() => new RegionFinder());
  useEffect(() => () => finder.dispose(), [finder]);
  useEffect(() => finder.setImage(image, media), [finder, image, media]);

  const seed = 'state' in active ? awaitedRegionSeed(active.state) : null;
  const deliver = useEffectEvent(send);
  useEffect(() => {
    if (!seed) return;
    let live = true;
    void finder.find(seed).then((region) => live && deliver({ type: 'regionFound', point: seed, region }));
    return () => {
      live = false;
    };
  }, [finder, seed]);

  return { findsRegions: image !== null && canFindRegions() };
}
