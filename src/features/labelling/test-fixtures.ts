// Test helper: applications, media and feedback requests with only the fields that matter spelled out.
import type { Application, FeedbackRequest, Media, ProposedSubject } from '../../api/types';
import { applicationFixture } from '../../testing/api-fixtures';

export function makeApp(overrides: Partial<Application> = {}): Application {
  return applicationFixture({
    input_subjects: ['in'],
    output_subjects: ['cat'],
    created_by: 'a@example.com',
    ...overrides,
  });
}

export function makeMedia(overrides: Partial<Media> = {}): Media {
  return {
    media_id: 'media-1',
    tenant_id: 'tenant-1',
    created_at: 1,
    media_timestamp: 1,
    md5: '',
    media_format: 'jpeg',
    size: 1000,
    image_width: 640,
    image_height: 480,
    media_url: 'https://media.example/original.jpg',
    resize_urls: {},
    meta_tags: [],
    parent_media_ids: [],
    video: false,
    status: 'ready',
    set_assignment: 'train',
    media_src: 'upload',
    author: null,
    author_profile_url: null,
    external_media_id: null,
    filename: null,
    frame: null,
    license: null,
    network_camera_id: null,
    original_landing_url: null,
    original_url: null,
    parent_media_id: null,
    preview_url: null,
    source_url: null,
    title: null,
    uploaded_by_user: null,
    ...overrides,
  };
}

export function makeRequest(mediaId: string, subjects: Omit<ProposedSubject, 'media_id'>[] = []): FeedbackRequest {
  return {
    media_id: mediaId,
    media: makeMedia({ media_id: mediaId }),
    subjects: subjects.map((s) => ({ ...s, media_id: mediaId })),
  };
}
