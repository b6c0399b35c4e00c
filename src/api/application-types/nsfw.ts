import type { AnswerRule } from './rule';
import { yesNoPerSubject } from './yes-no-per-subject';
import type { TypeManifest } from './manifest';

/**
 * Yes or no for every output subject, as detection_fullframe; the subjects are the content classifier's classes, found
 * by their names (`nsfwClassOf`), never by a detector class or a colour.
 */
export const nsfw: AnswerRule = { ...yesNoPerSubject, seesSubjects: false };

/** The classes of the content classifier (nsfwjs's MobileNetV2), by the names it gives them, lower-cased. */
export const NSFW_MODEL_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export type NsfwModelClass = (typeof NSFW_MODEL_CLASSES)[number];

/** What an nsfw output subject can stand for: one of the model's classes, or `explicit`, the sum of the three explicit ones. */
export type NsfwClass = NsfwModelClass | 'explicit';

/** The classes that `explicit` sums. */
export const EXPLICIT_CLASSES = ['porn', 'sexy', 'hentai'] as const satisfies readonly NsfwModelClass[];

/** The names (lower case) by which a subject stands for each class. */
export const NSFW_CLASS_NAMES: Readonly<Record<NsfwClass, readonly string[]>> = {
  porn: ['porn', 'pornography', 'pornographic', 'nudity', 'nude', 'sexual'],
  sexy: ['sexy', 'suggestive', 'racy', 'provocative', 'revealing'],
  hentai: ['hentai', 'explicit drawing', 'explicit cartoon', 'explicit anime'],
  neutral: ['neutral', 'safe', 'sfw', 'safe for work', 'clean'],
  drawing: ['drawing', 'illustration', 'cartoon', 'sketch', 'anime', 'artwork', 'line art'],
  explicit: ['explicit', 'nsfw', 'not safe for work', 'unsafe', 'adult', 'adult content', 'explicit content'],
};

const CLASS_BY_NAME = new Map(
  (Object.entries(NSFW_CLASS_NAMES) as [NsfwClass, readonly string[]][]).flatMap(([nsfwClass, names]) => names.map((name) => [name, nsfwClass] as const)),
);

/**
 * The class a subject's name stands for: its name lower-cased, its spaces, dashes and underscores taken as one space,
 * and a plural `s` dropped (`Drawings` is `drawing`); null for a name that is none of them.
 */
export function nsfwClassOf(subjectName: string): NsfwClass | null {
  const name = subjectName.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
  return CLASS_BY_NAME.get(name) ?? CLASS_BY_NAME.get(name.replace(/s$/, '')) ?? null;
}

/** nsfw's manifest: a labellable type by special arrangement, without settings of its own (its subjects say it all). */
export const nsfwManifest = { kind: 'labellable', rule: nsfw, special: true } as const satisfies TypeManifest;
