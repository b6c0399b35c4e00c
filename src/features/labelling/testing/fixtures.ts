// Test helper: applications, media and feedback requests with only the fields that matter spelled out.
import type { Application } from '../../../api/schemas/application';
import type { FeedbackRequest, ProposedSubject } from '../../../api/schemas/feedback-requests';
import { applicationFixture, mediaFixture } from '../../../testing/api-fixtures';

export function makeApp(overrides: Partial<Application> = {}): Application {
  return applicationFixture({
    input_subjects: ['in'],
    output_subjects: ['cat'],
    created_by: 'a@example.com',
    ...overrides,
  });
}

export { mediaFixture as makeMedia };

export function makeRequest(mediaId: string, subjects: Omit<ProposedSubject, 'media_id'>[] = []): FeedbackRequest {
  return {
    media_id: mediaId,
    media: mediaFixture({ media_id: mediaId }),
    subjects: subjects.map((s) => ({ ...s, media_id: mediaId })),
  };
}
