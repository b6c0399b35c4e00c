import type { z } from '../zod';
import type { AppDataType } from '../primitives';
import { LABELLABLE_TYPES, manifestOf, TYPE_MANIFESTS, type LabellableType } from './registry';
import type { AnswerRule } from './rule';

/** The answer rule of every labellable application type, from its manifest; other types take no feedback. */
export const ANSWER_RULES = Object.fromEntries(LABELLABLE_TYPES.map((type) => [type, TYPE_MANIFESTS[type].rule])) as Readonly<Record<LabellableType, AnswerRule>>;

export const answerRuleOf = (type: string): AnswerRule | undefined =>
  Object.hasOwn(ANSWER_RULES, type) ? ANSWER_RULES[type as LabellableType] : undefined;

/** The rule whose True answers carry this app_data_type. */
export const ruleOfAppDataType = (appDataType: AppDataType): AnswerRule | undefined =>
  Object.values(ANSWER_RULES).find((rule) => rule.appDataType === appDataType);

/** The rule of a type's own settings in an application's custom_fields, from its manifest; undefined: it has none. */
export const settingsRuleOf = (type: string): z.ZodMiniType | undefined => manifestOf(type)?.settings;
