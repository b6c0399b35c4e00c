import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db';
import { subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { IMAGE_TAG, isFiniteNumber, type ModelServerPart, type ResultPlace, type ServerResult } from '../types/model-server-part';
import { typeModule } from '../types/registry';

/**
 * Label Studio's ML backend protocol as the service speaks it (label_studio/ml/api_connector.py on Label Studio's
 * side, label_studio_ml/api.py on the server's): the label config made from the application, the bodies of /setup and
 * /predict, and the answers read back leniently (servers of several SDK versions answer in several shapes).
 */

/** The application's type's part of the protocol; null for a type that has none. */
export const serverPartOf = (appRow: ApplicationRow): ModelServerPart | null => typeModule(appRow.type)?.modelServer ?? null;

/** The output subjects' names by uid, in the application's order; a name used twice keeps its first subject. */
export async function outputSubjectNames(db: Database, appRow: ApplicationRow): Promise<Map<string, string>> {
  if (appRow.outputSubjects.length === 0) return new Map();
  const rows = await db
    .select({ uid: subjects.subjectUid, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.tenantId, appRow.tenantId), inArray(subjects.subjectUid, appRow.outputSubjects)));
  const nameOf = new Map(rows.map((row) => [row.uid, row.name]));
  const byName = new Map<string, string>();
  for (const uid of appRow.outputSubjects) {
    const name = nameOf.get(uid) ?? uid;
    if (!byName.has(name)) byName.set(name, uid);
  }
  return byName;
}

/** The label config: the image and the type's control tags, labelled by the output subjects' names. */
export const labelConfigOf = (part: ModelServerPart, byName: ReadonlyMap<string, string>): string =>
  `<View>${IMAGE_TAG}${part.controls([...byName.keys()])}</View>`;

/** The project a server is told: the application's id, as Label Studio sends `<project id>.<created at>`. */
export const projectOf = (appRow: ApplicationRow) => `${appRow.applicationId}.${Math.floor(appRow.createdAt)}`;

/** One prediction of a task, as the server answered it. */
export interface ServerPrediction {
  result: ServerResult[];
  score: number | undefined;
  modelVersion: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isResult = (value: unknown): value is ServerResult =>
  isObject(value) && typeof value.from_name === 'string' && typeof value.type === 'string' && isObject(value.value);

/**
 * The predictions of a /predict answer, one per task in order: `{results: [{result, score, model_version}]}`, or the
 * older bare list; a top-level model_version stands for predictions without their own. Null when the answer has
 * neither shape. Results that are not objects with from_name, type and value are counted as malformed.
 */
export function readPredictions(answer: unknown): { predictions: ServerPrediction[]; malformed: number } | null {
  const list = Array.isArray(answer) ? answer : isObject(answer) && Array.isArray(answer.results) ? answer.results : null;
  if (list === null) return null;
  const shared = isObject(answer) && typeof answer.model_version === 'string' ? answer.model_version : null;
  let malformed = 0;
  const predictions = list.map((item): ServerPrediction => {
    if (!isObject(item) || !Array.isArray(item.result)) {
      malformed += 1;
      return { result: [], score: undefined, modelVersion: shared };
    }
    const result = item.result.filter(isResult);
    malformed += item.result.length - result.length;
    return {
      result,
      score: isFiniteNumber(item.score) ? item.score : undefined,
      modelVersion: typeof item.model_version === 'string' ? item.model_version.slice(0, 200) : shared,
    };
  });
  return { predictions, malformed };
}

/** The model_version of a /setup answer, when it gives one. */
export const setupVersion = (answer: unknown): string | null =>
  isObject(answer) && typeof answer.model_version === 'string' && answer.model_version !== '' ? answer.model_version.slice(0, 200) : null;

/** Where the results of one prediction lie, for its type's part. */
export const placeOf = (size: { width: number; height: number }, byName: ReadonlyMap<string, string>, score?: number): ResultPlace => ({
  width: size.width,
  height: size.height,
  subjects: byName,
  score,
});
