// Complete interface objects for tests, with neutral values; a test spells out only the fields that matter to it.
import type { Application } from '../api/types';

export function applicationFixture(overrides: Partial<Application> = {}): Application {
  return {
    application_id: 'app-1',
    tenant_id: 'tenant-1',
    name: 'Test app',
    type: 'box_detection',
    description: '',
    input_subjects: [],
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
    created_by: 'admin@example.test',
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
