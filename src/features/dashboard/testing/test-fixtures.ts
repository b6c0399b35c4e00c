import type { Application } from '../../../api/schemas/application';
import type { LearningCurve } from '../../../api/schemas/learning-curve';
import type { Media } from '../../../api/schemas/media';
import type { Subject } from '../../../api/schemas/subjects';
import { applicationFixture, mediaFixture } from '../../../testing/api-fixtures';

export function sampleApplication(overrides: Partial<Application> = {}): Application {
  return applicationFixture({
    tenant_id: 't-acme',
    name: 'Pets',
    type: 'detection_fullframe',
    input_subjects: ['s-in'],
    created_by: 'admin@acme.test',
    created_at: 1_700_000_000,
    modified_at: 1_700_000_000,
    ...overrides,
  });
}

export function sampleSubject(subjectUid: string, name: string): Subject {
  return {
    subject_uid: subjectUid,
    name,
    description: '',
    detector_class: null,
    tenant_id: 't-acme',
    created_by: 'admin@acme.test',
    created_at: 1_700_000_000,
    modified_at: 1_700_000_000,
  };
}

export function sampleMedia(mediaId: string, overrides: Partial<Media> = {}): Media {
  return mediaFixture({
    media_id: mediaId,
    tenant_id: 't-acme',
    created_at: 1_700_000_000,
    media_timestamp: 1_700_000_000,
    md5: '0'.repeat(32),
    media_url: `http://127.0.0.1/media/${mediaId}.jpg`,
    resize_urls: { '256': `http://127.0.0.1/media/${mediaId}-256.jpg` },
    set_assignment: 'training',
    filename: `${mediaId}.jpg`,
    ...overrides,
  });
}

/** A learning curve of four releases that still climbs (F1 on 6 held-out answers). */
export const climbingCurve: LearningCurve = {
  app_id: 'app-1',
  figure: 'F1',
  held_out: 6,
  points: [
    { model_id: 'mdl-1', version: 1, training_answers: 4, measure: 0.5, low: 0.41, high: 0.58 },
    { model_id: 'mdl-2', version: 2, training_answers: 8, measure: 0.6, low: 0.52, high: 0.67 },
    { model_id: 'mdl-3', version: 3, training_answers: 12, measure: 0.63, low: 0.55, high: 0.7 },
    { model_id: 'mdl-4', version: 4, training_answers: 16, measure: 0.66, low: 0.59, high: 0.73 },
  ],
  fit: {
    a: 0.85,
    b: 0.7,
    c: 0.5,
    exponent: 'fixed',
    band: [4, 8, 16, 24, 40].map((answers) => ({ answers, measure: 0.85 - 0.7 / Math.sqrt(answers), low: 0.8 - 0.7 / Math.sqrt(answers), high: 0.9 - 0.7 / Math.sqrt(answers) })),
  },
  verdict: { state: 'climbing', step: 0.02, recent: { from_answers: 8, to_answers: 16, gain: 0.06, low: 0.02, high: 0.1 }, next_step: { answers: 24, gain: 0.02 } },
};
