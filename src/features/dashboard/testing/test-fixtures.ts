import type { Application } from '../../../api/schemas/application';
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
