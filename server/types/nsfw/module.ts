import { nsfw as rule } from '../../../src/api/application-types/nsfw';
import { noObjects } from '../../vision/ambiguity';
import { bySubject } from '../measures/held-out';
import { measurePresence } from '../measures/classes';
import type { TypeModule } from '../type-module';
import { classifyContent, contentClassesOf } from './model';

/**
 * nsfw: yes or no per output subject, each a class of nsfwjs's classifier by its name (measured as detection_fullframe
 * is). A type by special arrangement, so not in the demo, which runs with the service's defaults.
 */
export const nsfw: TypeModule = {
  type: 'nsfw',
  rule,
  propose: classifyContent,
  // answers teach the colour model nothing: the classifier is nsfwjs's, as shipped
  fit: { evidence: () => [] },
  measure: bySubject(measurePresence),
  objectAmbiguity: noObjects,
  settingsParameters: (_customFields, outputSubjects) => ({ content_class: contentClassesOf(outputSubjects) }),
};
