import type { PipelineType } from '../../src/api/types';
import type { z } from '../../src/api/zod';

/** A media item an application of a pipeline type makes from one of its input media. */
export interface DerivedMedia {
  /** The new item's bytes (an image). */
  image: Buffer;
  /** Its index in the source (a video's frame). */
  frame: number;
  /** Seconds from the source's own media_timestamp. */
  offsetSeconds: number;
  /** What follows the source's file name (without its extension) in the new item's: `frame-000012.jpg`. */
  fileSuffix: string;
}

/** A media item a pipeline step passes by, and why (the pipeline writes the reason to the log). */
export class MediaSkipped extends Error {
  override name = 'MediaSkipped';
}

/** The media item a pipeline step works on. */
interface SourceMedia {
  video: boolean;
  /** The original file. */
  readBytes(): Promise<Buffer>;
}

/**
 * One pipeline application type as the service runs it: the rule of its settings (its `custom_fields`, a schema of
 * the contract) and the media it derives from one media item, which the pipeline stores as children of the item and
 * gives to the application's output subjects. Pipeline types take no feedback and have no model to release.
 */
export interface PipelineModule {
  readonly type: PipelineType;
  readonly settings: z.ZodMiniType;
  readonly derive: (source: SourceMedia, customFields: Record<string, unknown>) => Promise<DerivedMedia[]>;
}
