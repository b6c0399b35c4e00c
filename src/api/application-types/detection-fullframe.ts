import type { AnswerRule } from './rule';
import { yesNoPerSubject } from './yes-no-per-subject';
import type { TypeManifest } from './manifest';

/** Whether each output subject is anywhere in the image: yes or no for every one of them. */
export const detectionFullframe: AnswerRule = yesNoPerSubject;

/** detection_fullframe's manifest: a labellable type of the standard table. */
export const detectionFullframeManifest = { kind: 'labellable', rule: detectionFullframe } as const satisfies TypeManifest;
