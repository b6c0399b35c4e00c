// Which frames around the current one the labeller answered, and the nearest answered frame on each side.
import type { MediaAssertion } from '../../../api/schemas/detections';
import type { Media } from '../../../api/schemas/media';
import type { KeyFrame, KeyFrames, SubjectAnswer, SubjectBox } from '../contract/frames';

/** An answer on its way to the service (an outbox entry). */
export interface SentAnswer {
  readonly appId: string;
  readonly body: { readonly media_id: string; readonly subjects: readonly SubjectAnswer[] };
}

/** A neighbouring frame as the strip shows it. */
export interface FrameTile {
  readonly media: Media;
  readonly frame: number;
  readonly answered: boolean;
  readonly current: boolean;
}

export interface FrameNeighbours {
  readonly tiles: readonly FrameTile[];
  readonly keyFrames: KeyFrames;
}

interface Labeller {
  readonly appId: string;
  readonly userId: string;
}

/**
 * The labeller's answers on these media in the application: the newest unsent one (the outbox), else the one the
 * queue keeps among those answered last (which bridges the moment between delivery and the service's list being
 * read again), else what the service holds as the labeller's assertions. A media without any is absent.
 */
export function answersOnFrames(
  mediaIds: readonly string[],
  outbox: readonly SentAnswer[],
  answeredInQueue: ReadonlyMap<string, readonly SubjectAnswer[]>,
  assertionsOf: (mediaId: string) => readonly MediaAssertion[] | undefined,
  { appId, userId }: Labeller,
): Map<string, readonly SubjectAnswer[]> {
  const answers = new Map<string, readonly SubjectAnswer[]>();
  for (const mediaId of mediaIds) {
    const sent = outbox.findLast((entry) => entry.appId === appId && entry.body.media_id === mediaId);
    const own = assertionsOf(mediaId)?.filter((assertion) => assertion.app_id === appId && assertion.user_id === userId);
    const kept = answeredInQueue.get(mediaId);
    if (sent) answers.set(mediaId, sent.body.subjects);
    else if (kept) answers.set(mediaId, kept);
    else if (own && own.length > 0) answers.set(mediaId, own.filter((assertion) => assertion.probability > 0));
  }
  return answers;
}

/** The strip's tiles (the current frame among its neighbours, by frame) and the nearest answered frame on each side. */
export function frameNeighbours(current: Media, others: readonly Media[], boxesOn: ReadonlyMap<string, readonly SubjectBox[]>): FrameNeighbours | null {
  const frame = current.frame;
  if (frame === null || others.length === 0) return null;
  const tiles = [current, ...others]
    .flatMap((media) => (media.frame === null ? [] : [{ media, frame: media.frame, answered: boxesOn.has(media.media_id), current: media === current }]))
    .sort((a, b) => a.frame - b.frame);
  const keyFrame = (tile: FrameTile | undefined): KeyFrame | null => (tile ? { frame: tile.frame, boxes: boxesOn.get(tile.media.media_id) ?? [] } : null);
  const answered = tiles.filter((tile) => tile.answered && !tile.current);
  return {
    tiles,
    keyFrames: { frame, previous: keyFrame(answered.findLast((tile) => tile.frame < frame)), next: keyFrame(answered.find((tile) => tile.frame > frame)) },
  };
}
