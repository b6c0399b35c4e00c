import type { AnswerRule } from './rule';
import { yesNoPerSubject } from './yes-no-per-subject';

/** Whether each output subject is anywhere in the image: yes or no for every one of them. */
export const detectionFullframe: AnswerRule = yesNoPerSubject;
