import { useQueries } from '@tanstack/react-query';
import type { Application } from '../../../api/schemas/application';
import type { FeedbackRequest } from '../../../api/schemas/feedback-requests';
import type { AnsweredItem } from '../queue/persistence';
import { mediaDetectionsQueryOptions } from '../../../lib/queries/media';
import { useSession } from '../../../lib/session/session-store';
import { useLabellingData } from '../outbox/outbox-provider';
import { useTypeRegistry } from '../contract/registry-context';
import type { Annotation } from '../contract/type-module';
import { answersOnFrames, frameNeighbours, type FrameNeighbours } from './key-frames';

/** The labeller's own answers change only through the outbox, whose deliveries invalidate them. */
const ANSWERS_STALE_MS = 60_000;

/**
 * The frames around a feedback request on a video's frame (`other_media`), with what the labeller answered on
 * them: unsent answers, those the queue keeps (`recent`), else the service's record. Null where the item is no frame or its type
 * carries no boxes between frames.
 */
export function useFrameNeighbours(
  app: Application | undefined,
  request: FeedbackRequest | undefined,
  recent: readonly AnsweredItem[],
): FrameNeighbours | null {
  const { outbox } = useLabellingData();
  const userId = useSession()?.userId ?? '';
  const types = useTypeRegistry();
  const module = app && types.typeModule(app.type);
  const frameBoxes = module?.frameBoxes;
  const others = frameBoxes && request?.media.frame != null ? (request.other_media ?? []) : [];
  const detections = useQueries({
    queries: others.map((media) => ({ ...mediaDetectionsQueryOptions(media.media_id), staleTime: ANSWERS_STALE_MS })),
  });
  if (!app || !request || !module || !frameBoxes || others.length === 0) return null;
  const byMedia = new Map(others.map((media, index) => [media.media_id, detections[index]?.data]));
  const inQueue = new Map(
    recent.flatMap(({ request: item, answer }) => (answer ? [[item.media_id, module.answer(answer as Annotation)] as const] : [])),
  );
  const answers = answersOnFrames(
    others.map((media) => media.media_id),
    outbox?.pending ?? [],
    inQueue,
    (mediaId) => byMedia.get(mediaId),
    { appId: app.application_id, userId },
  );
  const boxesOn = new Map([...answers].map(([mediaId, answer]) => [mediaId, frameBoxes.fromAnswer(answer)]));
  return frameNeighbours(request.media, others, boxesOn);
}
