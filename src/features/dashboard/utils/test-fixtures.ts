import type { Application, Subject } from '../../../api/types';

export function sampleApplication(overrides: Partial<Application> = {}): Application {
  return {
    application_id: 'app-1',
    tenant_id: 't-acme',
    name: 'Pets',
    type: 'detection_fullframe',
    description: '',
    input_subjects: ['s-in'],
    output_subjects: [],
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
    created_by: 'admin@acme.test',
    created_at: 1_700_000_000,
    modified_at: 1_700_000_000,
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

export function sampleSubject(subjectUid: string, name: string): Subject {
  return {
    subject_uid: subjectUid,
    name,
    description: '',
    tenant_id: 't-acme',
    created_by: 'admin@acme.test',
    created_at: 1_700_000_000,
    modified_at: 1_700_000_000,
  };
}
