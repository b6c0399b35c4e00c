import { describe, expect, it } from 'vitest';
import { feedbackRateText } from './feedback-rate';

describe('feedbackRateText', () => {
  it('says what the number is and who chose it', () => {
    expect(feedbackRateText({ requested_feedback_per_hour: null, system_feedback_per_hour: 120 })).toBe(
      '120 requests an hour, chosen by the service',
    );
    expect(feedbackRateText({ requested_feedback_per_hour: 1, system_feedback_per_hour: 0 })).toBe('1 request an hour (fixed)');
    expect(feedbackRateText({ requested_feedback_per_hour: 0, system_feedback_per_hour: 60 })).toBe('0 requests an hour (fixed)');
  });
});
