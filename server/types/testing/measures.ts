import type { AppData, FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import type { AppDataType } from '../../../src/api/types';
import type { ModelProposal } from '../../vision/models/proposal';
import type { SubjectPair } from '../measures/held-out';

/** A person's answer on subject `s`: True with app_data (null: True without), or False (none given). */
export const answer = (appData?: AppData | null, subject = 's'): FeedbackSubjectAnswer =>
  appData === undefined ? { subject_uid: subject, result: 'False' } : { subject_uid: subject, result: 'True', app_data: appData };

/** A model's proposal on subject `s`. */
export const proposal = (appData: AppData | null, probability = 0.9, subject = 's', appDataType: AppDataType | null = null): ModelProposal => ({
  subject_uid: subject,
  probability,
  uncal_prob: probability,
  app_data_type: appDataType,
  app_data: appData,
});

export const pair = (truth: FeedbackSubjectAnswer, proposed?: ModelProposal): SubjectPair => ({ answer: truth, proposal: proposed });
