import type { PlaceInPlan } from '../../src/api/schemas/media';
import type { PipelineType, BoxCoords, Focus } from '../../src/api/types';

/** A media item an application of a pipeline type makes from one of its input media. */
export interface DerivedMedia {
  /** The new item's bytes (an image). */
  image: Buffer;
  /** Its index in the source (a video's frame, a sub-plan's cell in its plan's grid). */
  frame: number;
  /** Seconds from the source's own media_timestamp. */
  offsetSeconds: number;
  /** What follows the source's file name (without its extension) in the new item's: `frame-000012.jpg`. */
  fileSuffix: string;
  /** Where it lies in a plan: the plan (the source when not named) and its box there. */
  place?: { planMediaId?: string; box: BoxCoords };
  /** The media it was made of besides the source, which is its first parent (the other tiles of a sub-plan). */
  otherParentIds?: string[];
}

/**
 * What a pipeline step gives its output subjects: the media it made of the item, and (when `passOn` is set) the item
 * itself, with a focus or whole.
 */
export interface PipelineResult {
  children: DerivedMedia[];
  passOn?: { focus: Focus | null };
}

/** A media item a pipeline step passes by, and why (the pipeline writes the reason to the log). */
export class MediaSkipped extends Error {
  override name = 'MediaSkipped';
}

/** A tile of a plan as a pipeline step reads it: its media id, its box in the plan, its bytes. */
export interface PlanTile {
  mediaId: string;
  box: BoxCoords;
  readBytes(): Promise<Buffer>;
}

/** The media item a pipeline step works on. */
export interface SourceMedia {
  mediaId: string;
  video: boolean;
  /** As displayed (upright). */
  width: number;
  height: number;
  /** Where the item lies in a plan it is a tile of; null for any other item. */
  placeInPlan: PlaceInPlan | null;
  /** The original file. */
  readBytes(): Promise<Buffer>;
  /** The tiles of the plan the item is a tile of, the item among them: the items its maker made of that plan. */
  tilesOfItsPlan(): Promise<PlanTile[]>;
}

/**
 * One pipeline application type as the service runs it (the rule of its settings is its manifest's): what it gives its
 * output subjects for one media item: media it derives, which the pipeline stores as children of the item, or the item
 * itself (with a focus). Pipeline types take no feedback and have no model.
 */
export interface PipelineModule {
  readonly type: PipelineType;
  /** Its input may be a plan, an image of up to PLAN_MAX_PIXELS that it reads top to bottom (server/media/open-image.ts). */
  readonly readsPlans?: true;
  readonly run: (source: SourceMedia, customFields: Record<string, unknown>) => Promise<PipelineResult>;
}
