import { z } from 'zod';
import { answerRuleOf } from '../../src/api/application-types';
import { exemplarErrors, exemplarsSchema, takesExemplars } from '../../src/api/schemas/exemplars';
import type { BoxCoords, Focus } from '../../src/api/types';
import type { ApplicationRow } from '../domain/applications';
import { jsonText } from '../domain/media-schemas';
import type { Database } from '../db';
import { rememberExemplars } from '../domain/recent-exemplars';
import { invalid } from '../errors';
import { findMoreLikeThese } from '../vision/exemplars/exemplar-search';
import type { FoundObject } from '../vision/exemplars/like-exemplars';

/** "Find more like these": the subject whose objects the exemplars show, and the exemplars (media pixels). */
export const exemplarFields = { subject_uid: z.string().min(1).max(100).optional(), exemplars: z.optional(exemplarsSchema) };

/** The exemplars as a form field: JSON text of the same list. */
export const exemplarsText = jsonText(exemplarsSchema, 'the exemplars as JSON, e.g. [{"x0": 10, "y0": 10, "x1": 40, "y1": 40}]');

interface ExemplarRequest {
  subject_uid?: string | undefined;
  exemplars?: BoxCoords[] | undefined;
}

/**
 * What the request's exemplars find, as the `found_objects` of its subject; none without exemplars. The exemplars are
 * remembered for the application's next images. A request with one of the two fields and not the other, a subject
 * that is not an output of the application, an application type whose answers are not objects, and exemplars beyond
 * the image or its focus are refused (`invalid`).
 */
export async function exemplarObjects(
  db: Database,
  appRow: ApplicationRow,
  request: ExemplarRequest,
  image: Buffer,
  size: { width: number; height: number },
  focus: Focus | null,
): Promise<Record<string, FoundObject[]> | undefined> {
  const { subject_uid: subject, exemplars } = request;
  if (subject === undefined && exemplars === undefined) return undefined;
  if (subject === undefined) throw invalid('Exemplars need the subject_uid they show.', [{ field: 'subject_uid', message: 'Name the subject the exemplars show.' }]);
  if (exemplars === undefined) throw invalid('A subject_uid here needs exemplars.', [{ field: 'exemplars', message: 'Give one or more exemplar boxes of the subject.' }]);
  if (!takesExemplars(answerRuleOf(appRow.type)?.appDataType ?? null)) {
    throw invalid(`Exemplars find objects: box_detection, static_count and point applications take them, ${appRow.type} does not.`, [
      { field: 'exemplars', message: 'This application type does not take exemplars.' },
    ]);
  }
  if (!appRow.outputSubjects.includes(subject)) {
    throw invalid('The subject_uid is not an output subject of this application.', [{ field: 'subject_uid', message: 'Not an output subject of this application.' }]);
  }
  const region = focus?.box ?? { x0: 0, y0: 0, x1: size.width, y1: size.height };
  const what = focus ? 'the focus' : `the image (${size.width} × ${size.height} pixels)`;
  const errors = exemplarErrors(exemplars, region, what);
  if (errors.length > 0) throw invalid(`Every exemplar must lie inside ${what}.`, errors);
  const { found, templates } = await findMoreLikeThese(image, exemplars, focus);
  await rememberExemplars(db, appRow.applicationId, subject, templates);
  return { [subject]: found };
}
