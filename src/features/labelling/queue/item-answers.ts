import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { Outbox } from './outbox';
import type { AnsweredItem } from './persistence';

/**
 * The owner of a page's answers, which the page hands the workspace: the queue (`WorkQueue`), the outbox for a single
 * item (`outboxAnswers`), a review's resolution. The workspace builds the answer and gives it here; nothing hands it
 * back up to be kept by the page.
 */
export interface ItemAnswers {
  /**
   * Keeps the answer (`answer`: the annotation as answered, for going back to it) and moves on; rejects when it could
   * not be kept.
   */
  answerItem(body: FeedbackResponse, answer: AnsweredItem['answer']): Promise<void>;
}

/** One item's answer, kept by the outbox alone (no queue moves on with it). */
export const outboxAnswers = (outbox: Pick<Outbox, 'enqueue'>, appId: string): ItemAnswers => ({
  answerItem: (body) => outbox.enqueue(appId, body).then(() => {}),
});

/** What a page does around an answer that its owner keeps: it hears of the answer (its media), never handles it. */
export interface AnswerReactions {
  /** The answer is on its way, before it is kept. */
  readonly answering?: (mediaId: string) => void;
  readonly kept?: (mediaId: string) => void;
  readonly failed?: (failure: unknown) => void;
  /** Kept or not. */
  readonly settled?: () => void;
}

/** The owner's answers with the page's reactions around them; a failure goes to `failed` (the promise then resolves). */
export const withReactions = (owner: ItemAnswers, reactions: AnswerReactions): ItemAnswers => ({
  answerItem(body, answer) {
    const mediaId = body.media_id;
    reactions.answering?.(mediaId);
    return owner
      .answerItem(body, answer)
      .then(
        () => void reactions.kept?.(mediaId),
        (failure: unknown) => void reactions.failed?.(failure),
      )
      .finally(() => reactions.settled?.());
  },
});
