import type { Focus, Media, ProposedSubject } from '../../../api/types';
import type { Box, ImagePoint } from '../geometry/types';

/** What is being labelled: a scheduled feedback request, or any media item (then without proposals). */
export interface LabelTarget {
  readonly media: Media;
  readonly subjects?: readonly ProposedSubject[];
  readonly focus?: Focus | null;
}

export interface ClassificationAnnotation {
  readonly type: 'classification';
  /** The output subjects in the application's order; key `1` chooses the first. */
  readonly options: readonly string[];
  readonly choice: string | null;
}

export interface FullframeAnnotation {
  readonly type: 'detection_fullframe';
  readonly subjects: readonly { readonly subject_uid: string; readonly present: boolean }[];
}

/** Shared by the spatial types: the subject answered for, and where marks may go (media, or focus box). */
interface Spatial {
  readonly subject_uid: string;
  readonly bounds: Box;
}

export interface BoxAnnotation extends Spatial {
  readonly type: 'box_detection';
  readonly boxes: readonly Box[];
  readonly selected: number | null;
}

export interface PointAnnotation extends Spatial {
  readonly type: 'point';
  readonly points: readonly ImagePoint[];
  readonly selected: number | null;
}

export interface CountAnnotation extends Spatial {
  readonly type: 'static_count';
  readonly count: number;
  /** Optional click markers; placing or removing one sets the count to the number of markers. */
  readonly markers: readonly ImagePoint[];
}

export interface OffsetAnnotation extends Spatial {
  readonly type: 'offset_x' | 'offset_y';
  /** Pixels from the left (offset_x) or top (offset_y) edge of the media; null until placed. */
  readonly offset: number | null;
}

export type Annotation =
  | ClassificationAnnotation
  | FullframeAnnotation
  | BoxAnnotation
  | PointAnnotation
  | CountAnnotation
  | OffsetAnnotation;

