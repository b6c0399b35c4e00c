import type { ModelProposal } from '../models/proposal';

/** A proposal for tests: an undecided presence of subject `s` without app_data, with these fields changed. */
export const proposal = (overrides: Partial<ModelProposal>): ModelProposal => ({
  subject_uid: 's',
  probability: 0.5,
  uncal_prob: 0.5,
  app_data_type: null,
  app_data: null,
  ...overrides,
});
