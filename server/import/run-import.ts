import { inArray } from 'drizzle-orm';
import { answerRuleOf } from '../../src/api/application-types';
import { IMPORT_IMAGES_MAX } from '../../src/api/limits';
import { externalModelId, type ImportFields, type ImportReport, type ImportSkip } from '../../src/api/schemas/imports';
import type { AuthContext } from '../auth/context';
import type { Database } from '../db';
import { subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { invalid } from '../errors';
import { ExportNotes } from '../export/notes';
import { releaseIfDue } from '../feedback/release';
import type { ServiceContext } from '../processing/context';
import type { AnswerTarget } from './answers';
import { LABEL_PARSERS } from './formats';
import { describeRef, type ParsedLabels } from './formats/parsed';
import { readLabelFiles, type UploadedFile } from './label-files';
import { applyManifest } from './manifest';
import { matchMedia } from './match-media';
import { placeMarks } from './place-marks';
import { recordImage, type ImportDestination } from './record-image';

/** An import as the route hands it over: the checked fields and the files sent. */
export interface ImportRequest {
  fields: Required<Pick<ImportFields, 'format' | 'as'>> & { model?: string };
  uploads: readonly UploadedFile[];
}

/** The output subjects by the class names that name them: each subject's name, and its uid. */
async function subjectsByClass(db: Database, appRow: ApplicationRow): Promise<{ subjectOf: (name: string) => string | undefined; nameOf: (uid: string) => string }> {
  const uids = appRow.outputSubjects;
  const rows = uids.length === 0 ? [] : await db.select({ uid: subjects.subjectUid, name: subjects.name }).from(subjects).where(inArray(subjects.subjectUid, uids));
  const names = new Map(rows.map((row) => [row.uid, row.name]));
  const byClass = new Map<string, string>();
  for (const uid of uids) byClass.set(uid, uid);
  for (const uid of [...uids].reverse()) byClass.set(names.get(uid) ?? uid, uid);
  return { subjectOf: (name) => byClass.get(name.trim()), nameOf: (uid) => names.get(uid) ?? uid };
}

/** The output subjects the files label (by their class list or their marks), in the application's order; 400 when none. */
function coveredSubjects(parsed: ParsedLabels, appRow: ApplicationRow, subjectOf: (name: string) => string | undefined, nameOf: (uid: string) => string): string[] {
  const classes = new Set([...parsed.classes, ...parsed.images.flatMap((image) => image.marks.map((mark) => mark.className))]);
  const covered = new Set([...classes].flatMap((name) => subjectOf(name) ?? []));
  if (covered.size === 0) {
    const listed = [...classes].slice(0, 10).join(', ') || 'none';
    const outputs = appRow.outputSubjects.map(nameOf).join(', ') || 'none';
    throw invalid(`None of the files' classes (${listed}) is an output subject of this application (${outputs}): classes are matched to subjects by their exact names.`);
  }
  return appRow.outputSubjects.filter((uid) => covered.has(uid));
}

function destinationOf(ctx: ServiceContext, auth: AuthContext, appRow: ApplicationRow, target: AnswerTarget, fields: ImportRequest['fields']): ImportDestination {
  if (fields.as === 'labels') return { ctx, appRow, target, author: { person: { tenantId: auth.tenantId, userId: auth.userId } } };
  const modelName = fields.model ?? '';
  return { ctx, appRow, target, author: { modelId: externalModelId(modelName), modelName } };
}

/**
 * Imports labels (as the caller's answers) or an outside model's predictions from label files into the application:
 * parses the files, matches their images to the tenant's media and their classes to output subjects by name, places
 * the marks on the media (rounded, clipped) and records each image as a labeller's answer or a model's proposals.
 * An image that already carries exactly what the file says is left as it is, so importing twice changes nothing.
 */
export async function runImport(ctx: ServiceContext, auth: AuthContext, appRow: ApplicationRow, { fields, uploads }: ImportRequest): Promise<ImportReport> {
  const rule = answerRuleOf(appRow.type);
  if (!rule) throw invalid(`A ${appRow.type} application takes no labels, so none can be imported.`);
  const files = readLabelFiles(uploads);
  const notes = new ExportNotes();
  const parsed = LABEL_PARSERS[fields.format](files, notes);
  if (parsed.images.length > IMPORT_IMAGES_MAX) {
    throw invalid(`The files name ${parsed.images.length} images; one import takes at most ${IMPORT_IMAGES_MAX.toLocaleString('en')}. Split them.`);
  }
  applyManifest(parsed.images, files);
  const { subjectOf, nameOf } = await subjectsByClass(ctx.db, appRow);
  const target: AnswerTarget = { type: appRow.type, rule, covered: coveredSubjects(parsed, appRow, subjectOf, nameOf), nameOf };
  const destination = destinationOf(ctx, auth, appRow, target, fields);

  const matches = await matchMedia(ctx.db, appRow, parsed.images.map((image) => image.ref));
  const skipped: ImportSkip[] = [];
  const unknown = new Map<string, number>();
  const imageOfMedia = new Map<string, string>();
  const counts = { matched: 0, created: 0, unchanged: 0 };
  let answersSinceRelease: number | null = null;
  for (const [index, image] of parsed.images.entries()) {
    const match = matches[index]!;
    const name = describeRef(image.ref);
    if ('reason' in match) {
      skipped.push({ image: name, reason: match.reason });
      continue;
    }
    const { mediaRow } = match;
    const earlier = imageOfMedia.get(mediaRow.mediaId);
    if (earlier !== undefined) {
      skipped.push({ image: name, reason: `It names the same media item (${mediaRow.mediaId}) as ${earlier}, which was imported.` });
      continue;
    }
    imageOfMedia.set(mediaRow.mediaId, name);
    counts.matched += 1;
    const annotations = placeMarks(image, { width: mediaRow.imageWidth, height: mediaRow.imageHeight, subjectOf, notes }, unknown);
    const result = await recordImage(destination, mediaRow, annotations);
    if ('reason' in result) {
      skipped.push({ image: name, reason: result.reason });
      continue;
    }
    counts[result.outcome] += 1;
    answersSinceRelease = result.answersSinceRelease ?? answersSinceRelease;
  }
  await releaseIfDue(ctx, appRow, answersSinceRelease);
  return {
    format: fields.format,
    as: fields.as,
    model_id: 'modelId' in destination.author ? destination.author.modelId : null,
    images: parsed.images.length,
    ...counts,
    skipped,
    unknown_classes: [...unknown].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    notes: notes.list(),
  };
}
