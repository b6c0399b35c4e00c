import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { answerRuleOf } from '../../src/api/application-types';
import type { AnswerRule } from '../../src/api/application-types/rule';
import { externalModelId, type ImportFields, type ImportMatch, type ImportReport, type ImportSkip } from '../../src/api/schemas/imports';
import type { AuthContext } from '../auth/context';
import type { Database } from '../db';
import { subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { invalid } from '../errors';
import { ExportNotes } from '../export/notes';
import { releaseIfDue } from '../feedback/release';
import type { ServiceContext } from '../service-context';
import type { AnswerTarget } from './answers';
import { describeRef, type FileImage, type ParsedLabels } from './formats/parsed';
import type { UploadedFile } from './label-source';
import { matchMedia, type MediaMatch } from './match-media';
import { nameProblem, printable } from './names';
import { parseLabels } from './parse-labels';
import { placeMarks, type Placement } from './place-marks';
import { recordImage, type ImportDestination } from './record-image';

/** An import as the route hands it over: the checked fields and the files sent, each in a temporary file. */
export interface ImportRequest {
  fields: Required<Pick<ImportFields, 'format' | 'as' | 'match'>> & { model?: string };
  uploads: readonly UploadedFile[];
}

/** Who imports: labels become this person's answers. */
export type Importer = Pick<AuthContext, 'tenantId' | 'userId'>;

/** Images matched to media with one look-up. */
const MATCH_BATCH = 1000;

/**
 * A transaction records whole images (a crash leaves each recorded or not) for about this long, then the event loop
 * serves requests before the next: the embedded database answers without waiting on anything, so without this turn a
 * whole import would record without letting a request in (issue 37: 1,397 images held `/1/version` for 14.6 s).
 */
const RECORD_SLICE_MS = 40;

/** Told after each batch: how many of the images the files name have been dealt with. */
export type ImportProgress = (done: number, total: number) => Promise<void>;

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
    const listed = [...classes].slice(0, 10).map(printable).join(', ') || 'none';
    const outputs = appRow.outputSubjects.map(nameOf).join(', ') || 'none';
    throw invalid(`None of the files' classes (${listed}) is an output subject of this application (${outputs}): classes are matched to subjects by their exact names.`);
  }
  return appRow.outputSubjects.filter((uid) => covered.has(uid));
}

function destinationOf(ctx: ServiceContext, auth: Importer, appRow: ApplicationRow, target: AnswerTarget, fields: ImportRequest['fields']): ImportDestination {
  if (fields.as !== 'predictions') return { ctx, appRow, target, author: { person: { tenantId: auth.tenantId, userId: auth.userId }, asGold: fields.as === 'gold' } };
  const modelName = fields.model ?? '';
  return { ctx, appRow, target, author: { modelId: externalModelId(modelName), modelName } };
}

/** The answer rule imported labels go through; 400 for an application type that takes no labels. */
export function importRuleOf(appRow: ApplicationRow): AnswerRule {
  const rule = answerRuleOf(appRow.type);
  if (!rule) throw invalid(`A ${appRow.type} application takes no labels, so none can be imported.`);
  return rule;
}

interface Tally {
  skipped: ImportSkip[];
  unknown: Map<string, number>;
  imageOfMedia: Map<string, string>;
  counts: { matched: number; created: number; unchanged: number };
  answersSinceRelease: number | null;
}

/** Records one image of the files on the media item it was matched to, or notes why not. */
async function recordOne(destination: ImportDestination, image: FileImage, match: MediaMatch, placement: Omit<Placement, 'width' | 'height'>, tally: Tally): Promise<void> {
  const name = printable(describeRef(image.ref));
  if ('reason' in match) {
    tally.skipped.push({ image: name, reason: match.reason });
    return;
  }
  const { mediaRow } = match;
  const earlier = tally.imageOfMedia.get(mediaRow.mediaId);
  if (earlier !== undefined) {
    tally.skipped.push({ image: name, reason: `It names the same media item (${mediaRow.mediaId}) as ${earlier}, which was imported.` });
    return;
  }
  tally.imageOfMedia.set(mediaRow.mediaId, name);
  tally.counts.matched += 1;
  const annotations = placeMarks(image, { ...placement, width: mediaRow.imageWidth, height: mediaRow.imageHeight }, tally.unknown);
  const result = await recordImage(destination, mediaRow, annotations);
  if ('reason' in result) {
    tally.skipped.push({ image: name, reason: result.reason });
    return;
  }
  tally.counts[result.outcome] += 1;
  tally.answersSinceRelease = result.answersSinceRelease ?? tally.answersSinceRelease;
}

/** The images' matches: by name among the media, or why an image's name can match none. */
async function matchesOf(ctx: ServiceContext, appRow: ApplicationRow, images: readonly FileImage[], scope: ImportMatch): Promise<MediaMatch[]> {
  const problems = images.map((image) => nameProblem(image.ref));
  const named = images.filter((_, index) => problems[index] === null);
  const found = await matchMedia(ctx.db, appRow, named.map((image) => image.ref), scope);
  let next = 0;
  return problems.map((problem) => (problem === null ? found[next++]! : { reason: problem }));
}

/**
 * Imports labels (as the caller's answers, or as gold items) or an outside model's predictions from label files into the application:
 * reads the files in a thread of their own, matches their images to the application's media (or the tenant's, with
 * match=tenant) and their classes to output subjects by name, places the marks on the media (rounded, clipped) and
 * records each image, in transactions of about RECORD_SLICE_MS that let requests in between, as a labeller's answer, a gold item or a model's proposals: through
 * the same answer rules as `POST …/feedback` and `POST /1/media/{id}/detections`. An image that already carries exactly
 * what the file says is left as it is, so importing twice changes nothing.
 */
export async function runImport(ctx: ServiceContext, auth: Importer, appRow: ApplicationRow, { fields, uploads }: ImportRequest, onProgress?: ImportProgress): Promise<ImportReport> {
  const rule = importRuleOf(appRow);
  const { parsed, notes: readingNotes } = await parseLabels(fields.format, uploads);
  const notes = new ExportNotes();
  for (const note of readingNotes) notes.add(note.message, note.count);
  const { subjectOf, nameOf } = await subjectsByClass(ctx.db, appRow);
  const target: AnswerTarget = { type: appRow.type, rule, covered: coveredSubjects(parsed, appRow, subjectOf, nameOf), nameOf };
  const destination = destinationOf(ctx, auth, appRow, target, fields);
  const tally: Tally = { skipped: [], unknown: new Map(), imageOfMedia: new Map(), counts: { matched: 0, created: 0, unchanged: 0 }, answersSinceRelease: null };
  const { images } = parsed;
  for (let start = 0; start < images.length; start += MATCH_BATCH) {
    const chunk = images.slice(start, start + MATCH_BATCH);
    const matches = await matchesOf(ctx, appRow, chunk, fields.match);
    let index = 0;
    while (index < chunk.length) {
      await ctx.db.transaction(async (tx) => {
        const inTransaction = { ...destination, ctx: { ...ctx, db: tx } };
        const until = performance.now() + RECORD_SLICE_MS;
        do {
          await recordOne(inTransaction, chunk[index]!, matches[index]!, { subjectOf, notes }, tally);
          index += 1;
        } while (index < chunk.length && performance.now() < until);
      });
      await onProgress?.(start + index, images.length);
      await nextTurnOfTheLoop();
    }
  }
  await releaseIfDue(ctx, appRow, tally.answersSinceRelease);
  return {
    format: fields.format,
    as: fields.as,
    model_id: 'modelId' in destination.author ? destination.author.modelId : null,
    images: images.length,
    ...tally.counts,
    skipped: tally.skipped,
    unknown_classes: [...tally.unknown]
      .map(([name, count]) => ({ name: printable(name), count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    notes: notes.list(),
  };
}
