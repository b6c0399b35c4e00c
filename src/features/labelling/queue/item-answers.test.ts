import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { type ItemAnswers, outboxAnswers, withReactions } from './item-answers';

const body: FeedbackResponse = { media_id: 'm1', subjects: [{ subject_uid: 'cat', result: 'False' }], decision_time: 1_700_000_000 };

describe('a page’s owner of answers', () => {
  function pageAround(owner: ItemAnswers) {
    const heard: string[] = [];
    const answers = withReactions(owner, {
      answering: (mediaId) => heard.push(`answering ${mediaId}`),
      kept: (mediaId) => heard.push(`kept ${mediaId}`),
      failed: (failure) => heard.push(`failed: ${String(failure)}`),
      settled: () => heard.push('settled'),
    });
    return { answers, heard };
  }

  it('the owner keeps the answer; the page hears of it before and after, never handling it', async () => {
    const kept: string[] = [];
    const { answers, heard } = pageAround({
      answerItem: (answer) => {
        kept.push(answer.media_id);
        heard.push('owner');
        return Promise.resolve();
      },
    });
    await answers.answerItem(body, null);
    expect(kept).toEqual(['m1']);
    expect(heard).toEqual(['answering m1', 'owner', 'kept m1', 'settled']);
  });

  it('an answer that could not be kept is the page’s to say; nothing is thrown at the workspace', async () => {
    const { answers, heard } = pageAround({ answerItem: () => Promise.reject(new Error('disk full')) });
    await expect(answers.answerItem(body, null)).resolves.toBeUndefined();
    expect(heard).toEqual(['answering m1', 'failed: Error: disk full', 'settled']);
  });

  it('a single item’s answer goes to the outbox for its application, with no queue', async () => {
    const enqueued: unknown[][] = [];
    await outboxAnswers({ enqueue: (...args) => (enqueued.push(args), Promise.resolve({} as never)) }, 'app-1').answerItem(body, { type: 'point' });
    expect(enqueued).toEqual([['app-1', body]]);
  });
});
