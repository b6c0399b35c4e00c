// Test helper: applications, media and feedback requests with only the fields that matter spelled out.
import type { Application, FeedbackRequest, Media, ProposedSubject } from '../../api/types';

export function makeApp(overrides: Partial<Application> = {}): Application {
  return {
    application_id: 'app-1',
    tenant_id: 'tenant-1',
    name: 'Test app',
    type: 'box_detection',
    description: '',
    input_subjects: ['in'],
    output_subjects: ['cat'],
    release_metrics: 'best_F1',
    detection_thresholds: {},
    detection_post_urls: [],
    gateway_post_urls: [],
    active: true,
    requested_feedback_per_hour: null,
    refresh_feedback: false,
    app_managers: [],
    custom_fields: {},
    hpo_credit: 0,
    created_by: 'a@example.com',
    created_at: 1,
    modified_at: 1,
    system_feedback_per_hour: 0,
    replay: false,
    release_model_count: null,
    best_model_ccp_filename: null,
    candidate_model_count: null,
    current_performance: null,
    last_candidate_at: null,
    last_released_at: null,
    training_data_count: null,
    validation_data_count: null,
    ...overrides,
  };
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
