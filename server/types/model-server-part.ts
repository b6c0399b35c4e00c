import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import type { AppDataType } from '../../src/api/types';
import type { ModelProposal } from '../vision/models/proposal';

/**
 * How one application type speaks Label Studio's ML backend protocol: the label config a model server is told, how
 * the results it returns become the type's proposals, and how an answer becomes the protocol's result (for webhooks).
 * The image is always `<Image name="image" value="$image"/>`; a type adds its control tags, each label named after an
 * output subject. Coordinates in results are percent of the image (the protocol's), in proposals media pixels.
 */
export interface ModelServerPart {
  /** The control tags of the label config, for the output subjects' names (in the application's order). */
  controls(names: readonly string[]): string;
  /** The proposals the results make, and what was dropped (sentences); results of other tags are ignored. */
  fromResults(results: readonly ServerResult[], place: ResultPlace): MappedResults;
  /** One subject's answer as the protocol's results, for the server's webhook. */
  toResults(answer: FeedbackSubjectAnswer, place: ResultPlace): ServerResult[];
}

/** One region of a prediction or annotation, as the protocol writes it. */
export interface ServerResult {
  id?: string;
  from_name: string;
  to_name: string;
  type: string;
  value: Record<string, unknown>;
  score?: number;
  original_width?: number;
  original_height?: number;
  image_rotation?: number;
}

/** The media the results are on, and the application's output subjects by name. */
export interface ResultPlace {
  width: number;
  height: number;
  /** Output subject uid by its name (a label's value); the application's order. */
  subjects: ReadonlyMap<string, string>;
  /** The prediction's own score, for results that carry none. */
  score?: number | undefined;
}

interface MappedResults {
  proposals: ModelProposal[];
  dropped: string[];
}

/** More boxes or points than this in one prediction are refused whole. */
const MAX_REGIONS = 10_000;

export const IMAGE_TAG = '<Image name="image" value="$image"/>';

/** Text as an XML attribute value. */
const xmlAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A labels tag (`RectangleLabels`, `KeyPointLabels`, `Choices`) with one child (`Label`, `Choice`) per subject. */
export const labelsTag = (tag: string, child: string, name: string, names: readonly string[], attributes = '') =>
  `<${tag} name="${name}" toName="image"${attributes}>${names.map((label) => `<${child} value="${xmlAttribute(label)}"/>`).join('')}</${tag}>`;

export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A score as a probability: a number from 0 to 1 (the result's, else the prediction's, else 1). */
export function probabilityOf(result: ServerResult, place: ResultPlace): number {
  const score = isFiniteNumber(result.score) ? result.score : isFiniteNumber(place.score) ? place.score : 1;
  return Math.min(1, Math.max(0, score));
}

/** The labels a result names (`value[key]`), when it is a list of text. */
export function labelsOf(result: ServerResult, key: string): string[] | null {
  const labels = result.value[key];
  return Array.isArray(labels) && labels.every((label) => typeof label === 'string') ? labels : null;
}

/** A result's one subject uid by its label, or a sentence saying why it has none. */
export function subjectOf(result: ServerResult, key: string, place: ResultPlace): { uid: string } | { dropped: string } {
  const labels = labelsOf(result, key);
  if (!labels || labels.length !== 1) return { dropped: `a ${result.type} result without exactly one label` };
  const uid = place.subjects.get(labels[0]!);
  return uid === undefined ? { dropped: `the unknown label "${labels[0]!.slice(0, 100)}"` } : { uid };
}

/** The results of one control tag and type (`label`, `rectanglelabels`), at most MAX_REGIONS, with what was dropped. */
export function resultsOf(results: readonly ServerResult[], fromName: string, types: readonly string[]): { mine: ServerResult[]; dropped: string[] } {
  const mine = results.filter((result) => result.from_name === fromName && types.includes(result.type));
  if (mine.length > MAX_REGIONS) return { mine: [], dropped: [`${mine.length} regions, more than ${MAX_REGIONS.toLocaleString('en')}`] };
  return { mine, dropped: [] };
}

/** A proposal of one subject: certain of nothing but the probability. */
export const proposalOf = (subject_uid: string, probability: number, app_data_type: AppDataType | null = null, app_data: ModelProposal['app_data'] = null): ModelProposal => ({
  subject_uid,
  probability,
  uncal_prob: probability,
  app_data_type,
  app_data,
});

/** Percent of a side to whole media pixels. */
export const toPixels = (percent: number, side: number) => Math.round((percent / 100) * side);

/** Media pixels to percent of a side. */
export const toPercent = (pixels: number, side: number) => (side === 0 ? 0 : (pixels / side) * 100);

/** The name of an output subject by its uid (the inverse of `place.subjects`). */
export function nameOf(uid: string, place: ResultPlace): string | null {
  for (const [name, subjectUid] of place.subjects) if (subjectUid === uid) return name;
  return null;
}

/** The fields every result of the image carries. */
export const resultBase = (from_name: string, type: string, place: ResultPlace) => ({
  from_name,
  to_name: 'image',
  type,
  original_width: place.width,
  original_height: place.height,
  image_rotation: 0,
});
