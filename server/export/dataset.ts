import { and, eq, inArray, sql } from 'drizzle-orm';
import { answerRuleOf } from '../../src/api/application-types';
import type { ExportAnnotation } from '../../src/api/application-types/export-annotation';
import type { AnswerRule } from '../../src/api/application-types/rule';
import type { ExportCoordinates } from '../../src/api/schemas/exports';
import type { Database } from '../db';
import { media, subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { invalid } from '../errors';
import { uniqueFileNames } from './file-names';
import type { ExportLabel } from './labels-source';
import type { ExportNotes } from './notes';
import { gatherIntoPlans } from './plan-coordinates';

/** A class of the export: one of the application's output subjects, numbered from 1 in the application's order. */
export interface ExportCategory {
  id: number;
  subjectUid: string;
  name: string;
}

export interface ExportImage {
  mediaId: string;
  /** The name it was uploaded under, made unique in the export (server/export/file-names.ts); the same in every format. */
  fileName: string;
  width: number;
  height: number;
  blobKey: string;
  annotations: ExportAnnotation[];
}

/** What every format writes: the classes and the labelled images, ordered by media id. */
export interface ExportDataset {
  applicationName: string;
  categories: ExportCategory[];
  /** The category of each subject uid. */
  categoryOf: ReadonlyMap<string, ExportCategory>;
  images: ExportImage[];
}

const MEDIA_QUERY_CHUNK = 5000;

const extensionOf = (format: string) => (format === 'jpeg' ? 'jpg' : format);

/** The fileName without its extension: the name of the image's label file in YOLO and VOC. */
export const stemOf = (image: ExportImage) => image.fileName.replace(/\.[^.]+$/, '');

async function categoriesOf(db: Database, appRow: ApplicationRow): Promise<ExportCategory[]> {
  const uids = appRow.outputSubjects;
  const rows = uids.length === 0 ? [] : await db.select({ uid: subjects.subjectUid, name: subjects.name }).from(subjects).where(inArray(subjects.subjectUid, uids));
  const names = new Map(rows.map((row) => [row.uid, row.name]));
  return uids.map((subjectUid, index) => ({ id: index + 1, subjectUid, name: names.get(subjectUid) ?? subjectUid }));
}

async function mediaOf(db: Database, tenantId: string, mediaIds: string[]) {
  const rows = [];
  for (let start = 0; start < mediaIds.length; start += MEDIA_QUERY_CHUNK) {
    const chunk = mediaIds.slice(start, start + MEDIA_QUERY_CHUNK);
    rows.push(
      ...(await db
        .select({
          mediaId: media.mediaId,
          width: media.imageWidth,
          height: media.imageHeight,
          blobKey: media.originalKey,
          format: media.mediaFormat,
          filename: sql<string | null>`${media.details}->>'filename'`,
        })
        .from(media)
        .where(and(eq(media.tenantId, tenantId), inArray(media.mediaId, chunk)))),
    );
  }
  return rows;
}

/** The answer rule of an application that has labels to export; 400 for a type that takes none. */
export function exportableRule(appRow: Pick<ApplicationRow, 'type'>): AnswerRule {
  const rule = answerRuleOf(appRow.type);
  if (!rule) throw invalid(`A ${appRow.type} application takes no labels, so it has none to export.`);
  return rule;
}

/** The annotations of one label by the application type's own mapping; none (and a note) when it cannot be read. */
function annotationsOf(rule: AnswerRule, label: ExportLabel, categoryOf: ReadonlyMap<string, ExportCategory>, notes: ExportNotes) {
  if (!label.subject_uid) return [];
  if (!categoryOf.has(label.subject_uid)) {
    notes.add('Labels of a subject that is no longer an output subject of the application were left out.');
    return [];
  }
  const appData = rule.appData ? rule.appData.safeParse(label.app_data) : { success: true as const, data: null };
  if (!appData.success) {
    notes.add(`Labels whose app_data is not a valid ${rule.appDataType} were left out.`);
    return [];
  }
  return rule.exportAnnotations(appData.data, label.subject_uid);
}

/**
 * Gathers the application's labels into images and classes. Every labelled media item of the tenant becomes an image,
 * also one whose answers all said "absent" (an image with no marks teaches a model what is not there); in `plan`
 * coordinates, every plan that a labelled sub-plan or crop lies in does instead (gatherIntoPlans).
 */
export async function buildDataset(
  db: Database,
  appRow: ApplicationRow,
  labels: ExportLabel[],
  notes: ExportNotes,
  coordinates: ExportCoordinates = 'media',
): Promise<ExportDataset> {
  const rule = exportableRule(appRow);
  const categories = await categoriesOf(db, appRow);
  const categoryOf = new Map(categories.map((category) => [category.subjectUid, category]));
  const byItem = new Map<string, ExportAnnotation[]>();
  for (const label of labels) {
    const annotations = byItem.get(label.media_id) ?? [];
    annotations.push(...annotationsOf(rule, label, categoryOf, notes));
    byItem.set(label.media_id, annotations);
  }
  const byMedia = coordinates === 'plan' ? await gatherIntoPlans(db, appRow.tenantId, byItem, notes) : byItem;
  const rows = (await mediaOf(db, appRow.tenantId, [...byMedia.keys()])).sort((a, b) => (a.mediaId < b.mediaId ? -1 : a.mediaId > b.mediaId ? 1 : 0));
  const fileNames = uniqueFileNames(rows.map((row) => ({ mediaId: row.mediaId, uploadedName: row.filename, extension: extensionOf(row.format) })));
  const images = rows.map((row, index) => ({
    mediaId: row.mediaId,
    fileName: fileNames[index]!,
    width: row.width,
    height: row.height,
    blobKey: row.blobKey,
    // In the application's subject order, so that exports of the same labels are the same files.
    annotations: (byMedia.get(row.mediaId) ?? []).sort((a, b) => categoryOf.get(a.subjectUid)!.id - categoryOf.get(b.subjectUid)!.id),
  }));
  return { applicationName: appRow.name, categories, categoryOf, images };
}
