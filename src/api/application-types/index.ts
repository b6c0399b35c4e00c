import type { AppDataType, LabellableType } from '../types';
import { boxDetection } from './box-detection';
import { classification } from './classification';
import { detectionFullframe } from './detection-fullframe';
import { nsfw } from './nsfw';
import { ocr } from './ocr';
import { offsetX } from './offset-x';
import { offsetY } from './offset-y';
import { pointRule } from './point';
import type { AnswerRule } from './rule';
import { staticCount } from './static-count';

/** The answer rule of every labellable application type; other types take no feedback. */
export const ANSWER_RULES: Readonly<Record<LabellableType, AnswerRule>> = {
  classification,
  detection_fullframe: detectionFullframe,
  box_detection: boxDetection,
  static_count: staticCount,
  offset_x: offsetX,
  offset_y: offsetY,
  point: pointRule,
  ocr,
  nsfw,
};

export const answerRuleOf = (type: string): AnswerRule | undefined =>
  Object.hasOwn(ANSWER_RULES, type) ? ANSWER_RULES[type as LabellableType] : undefined;

/** The rule whose True answers carry this app_data_type. */
export const ruleOfAppDataType = (appDataType: AppDataType): AnswerRule | undefined =>
  Object.values(ANSWER_RULES).find((rule) => rule.appDataType === appDataType);
