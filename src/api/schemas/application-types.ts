import { z } from '../zod';
import { answerRuleOf } from '../application-types';
import { APP_DATA_TYPES, SPECIAL_APPLICATION_TYPES, STANDARD_APPLICATION_TYPES, type ApplicationType } from '../types';
import { applicationType } from './application';

/** One application type, as `GET /1/applications/all/types[/{type}]` describes it. */
export const applicationTypeInfoSchema = z.object({
  type: applicationType,
  /** Offered only by special arrangement (refused unless the service allows them). */
  special_arrangement: z.boolean(),
  /** People give feedback on it, and the service has a baseline model for it. */
  labellable: z.boolean(),
  /** What one feedback message holds; null for types that take no feedback. */
  feedback: z.nullable(
    z.object({
      /** The app_data_type a True answer carries; null: no app_data. */
      app_data_type: z.nullable(z.enum(APP_DATA_TYPES)),
      /** `one`: a message answers one output subject; `some`: one or more, each once; `every`: every output subject, once each. */
      subjects_per_answer: z.enum(['one', 'some', 'every']),
      allows_false: z.boolean(),
      /** False for every output subject says that none of them applies (classification), though False is refused otherwise. */
      allows_none: z.boolean(),
    }),
  ),
});
export type ApplicationTypeInfo = z.infer<typeof applicationTypeInfoSchema>;

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
      ? {
          app_data_type: rule.appDataType,
          subjects_per_answer: rule.subjects,
          allows_false: rule.allowsFalse,
          allows_none: rule.allowsNone ?? false,
        }
      : null,
  };
}
