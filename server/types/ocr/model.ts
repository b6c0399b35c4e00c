import type { TextReading } from '../../../src/api/application-types/answer';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { ABSENT_PROBABILITY } from '../../vision/models/calibration';
import type { ModelProposal } from '../../vision/models/proposal';

/**
 * The text the reader found, with its confidence (the product of its characters' probabilities) as the proposal's
 * probability (how likely the reading is right), or, when it read nothing, a proposal that the subject shows no text.
 */
export function readingProposal(image: AnalysisImage<TextReading>, subject: string): ModelProposal {
  if (image.analysis === null) throw new Error('The image was loaded without the reader, but an ocr model reads it.');
  const { text, confidence = 0 } = image.analysis;
  if (text === '') return { subject_uid: subject, probability: ABSENT_PROBABILITY, uncal_prob: 0, app_data_type: null, app_data: null };
  return { subject_uid: subject, probability: confidence, uncal_prob: confidence, app_data_type: 'text', app_data: { text, confidence } };
}
