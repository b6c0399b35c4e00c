import { SPECIAL_APPLICATION_TYPES, STANDARD_APPLICATION_TYPES, type ApplicationType } from '../types';
import type { ApplicationTypeInfo } from '../schemas/application-types';
import { answerRuleOf } from './index';

const SPECIAL: ReadonlySet<string> = new Set(SPECIAL_APPLICATION_TYPES);

export const APPLICATION_TYPES: readonly ApplicationType[] = [...STANDARD_APPLICATION_TYPES, ...SPECIAL_APPLICATION_TYPES];

/** What a type is, from its answer rule: whether people label it and what an answer holds. */
export function applicationTypeInfo(type: ApplicationType): ApplicationTypeInfo {
  const rule = answerRuleOf(type);
  return {
    type,
    special_arrangement: SPECIAL.has(type),
    labellable: rule !== undefined,
    feedback: rule
      ? { app_data_type: rule.appDataType, subjects_per_answer: rule.subjects, allows_false: rule.allowsFalse }
      : null,
  };
}
