import { nsfw as rule } from '../../../src/api/application-types/nsfw';
import { noObjects } from '../../vision/ambiguity';
import { classifyContent } from '../../vision/content/content';
import type { ContentScores } from '../../vision/content/scores';
import { bySubject } from '../measures/held-out';
import { measurePresence } from '../measures/classes';
import type { TypeModule } from '../type-module';
import { contentClassesOf, contentProposals, type ContentParameters } from './model';
import { choicesServerPart } from '../model-server-values';

/**
 * nsfw: yes or no per output subject, each a class of nsfwjs's classifier by its name (measured as detection_fullframe
 * is). A type by special arrangement, so not in the demo, which runs with the service's defaults.
 */
export const nsfw: TypeModule<ContentParameters, ContentScores> = {
  type: 'nsfw',
  rule,
  // nsfwjs's classifier looks at the image while it is decoded
  analysis: () => classifyContent,
  propose: contentProposals,
  modelServer: choicesServerPart('multiple'),
  // answers teach the colour model nothing: the classifier is nsfwjs's, as shipped
  fit: { evidence: () => [] },
  measure: bySubject(measurePresence),
  objectAmbiguity: noObjects,
  settingsParameters: (_customFields, outputSubjects) => ({ content_class: contentClassesOf(outputSubjects) }),
};
