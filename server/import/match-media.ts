import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import type { MediaRow } from '../domain/media';
import type { ImportMatch } from '../../src/api/schemas/imports';
import { describeRef, type ImageRef } from './formats/parsed';

/** The media item an image of the file names, or why none could be chosen. */
export type MediaMatch = { mediaRow: MediaRow } | { reason: string };

const REF_CHUNK = 1000;

const filenameOf = sql<string | null>`${media.details}->>'filename'`;
const externalIdOf = sql<string | null>`${media.details}->>'external_media_id'`;
const filenameStemOf = sql<string | null>`regexp_replace(${media.details}->>'filename', '\\.[^.]*$', '')`;

/** Whether the media item belongs to the application: it has a record there, or sits in one of its input subjects. */
function inApplication(appRow: ApplicationRow) {
  const inputs = appRow.inputSubjects.length > 0 ? appRow.inputSubjects : [''];
  return sql<boolean>`(EXISTS (SELECT 1 FROM detection_records d WHERE d.app_id = ${appRow.applicationId} AND d.media_id = ${media.mediaId})
    OR EXISTS (SELECT 1 FROM assertions a WHERE a.media_id = ${media.mediaId} AND a.current AND a.app_id IS NULL
      AND a.subject_uid IN (${sql.join(inputs.map((uid) => sql`${uid}`), sql`, `)})))`;
}

type Candidate = MediaRow & { inApp: boolean };

async function candidatesFor(db: Database, appRow: ApplicationRow, refs: readonly ImageRef[], scope: ImportMatch): Promise<Candidate[]> {
  const names = (pick: (ref: ImageRef) => string | undefined) => [...new Set(refs.map(pick).filter((name): name is string => name !== undefined))];
  const ids = names((ref) => ref.mediaId);
  const externalIds = names((ref) => ref.externalMediaId);
  const fileNames = names((ref) => ref.fileName);
  const stems = names((ref) => ref.stem);
  const rows = await db
    .select({ row: media, inApp: inApplication(appRow) })
    .from(media)
    .where(
      and(
        eq(media.tenantId, appRow.tenantId),
        // A media id names one item: it is found wherever it is; a name only among the application's media.
        scope === 'application' ? or(inArray(media.mediaId, ids), inApplication(appRow)) : undefined,
        or(
          inArray(media.mediaId, ids),
          inArray(externalIdOf, [...externalIds, ...fileNames, ...stems]),
          inArray(filenameOf, fileNames),
          inArray(filenameStemOf, stems),
        ),
      ),
    );
  return rows.map(({ row, inApp }) => ({ ...row, inApp }));
}

const stem = (name: string | undefined) => name?.replace(/\.[^.]*$/, '');

/** The candidates of a look-up by what names them, each list in the candidates' order, so that a reference finds its own in one step. */
function indexOf(candidates: readonly Candidate[]) {
  const by = (keyOf: (row: Candidate) => string | null | undefined) => {
    const index = new Map<string, Candidate[]>();
    for (const row of candidates) {
      const key = keyOf(row);
      if (key == null) continue;
      const rows = index.get(key);
      if (rows) rows.push(row);
      else index.set(key, [row]);
    }
    return (key: string | undefined) => (key === undefined ? [] : (index.get(key) ?? []));
  };
  return {
    order: new Map(candidates.map((row, position) => [row, position])),
    byId: by((row) => row.mediaId),
    byExternalId: by((row) => row.details.external_media_id),
    byFileName: by((row) => row.details.filename),
    byStem: by((row) => stem(row.details.filename ?? undefined)),
  };
}

type CandidateIndex = ReturnType<typeof indexOf>;

/** The candidates one reference names: by media id first, then external_media_id, then file name (or stem). */
function namedBy(ref: ImageRef, candidates: CandidateIndex): Candidate[] {
  const byId = candidates.byId(ref.mediaId);
  if (byId.length > 0) return byId;
  if (ref.externalMediaId) return candidates.byExternalId(ref.externalMediaId);
  const name = ref.fileName ?? ref.stem;
  if (name === undefined) return [];
  const sameName = ref.fileName ? candidates.byFileName(name) : candidates.byStem(name);
  const either = new Set([...sameName, ...candidates.byExternalId(name)]);
  return [...either].sort((a, b) => candidates.order.get(a)! - candidates.order.get(b)!);
}

function choose(ref: ImageRef, candidates: CandidateIndex, scope: ImportMatch): MediaMatch {
  const named = namedBy(ref, candidates).filter((row) => scope === 'tenant' || row.inApp || row.mediaId === ref.mediaId);
  const inApp = named.filter((row) => row.inApp);
  const chosen = named.length === 1 ? named : inApp;
  if (chosen.length === 1) {
    const { inApp: _inApp, ...mediaRow } = chosen[0]!;
    return { mediaRow };
  }
  const name = describeRef(ref);
  if (named.length === 0) {
    return {
      reason:
        scope === 'application'
          ? `No media item of this application (in its input subjects) is named ${name} (by file name or external_media_id); to look among all the tenant's media, find the images among "All the tenant's media" (match=tenant).`
          : `No media item of this tenant is named ${name} (by file name or external_media_id).`,
    };
  }
  const ids = (chosen.length > 1 ? chosen : named).map((row) => row.mediaId);
  return { reason: `${ids.length} media items are named ${name} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}); name it by media_id or external_media_id.` };
}

/**
 * The media item each reference names: among the application's own media (with a record there, or in one of its
 * input subjects), or with `tenant` among all the tenant's, where one of the application is taken before others of
 * the same name. When that leaves more than one, or none, the image is skipped.
 */
export async function matchMedia(db: Database, appRow: ApplicationRow, refs: readonly ImageRef[], scope: ImportMatch): Promise<MediaMatch[]> {
  const matches: MediaMatch[] = [];
  for (let start = 0; start < refs.length; start += REF_CHUNK) {
    const chunk = refs.slice(start, start + REF_CHUNK);
    const candidates = indexOf(await candidatesFor(db, appRow, chunk, scope));
    matches.push(...chunk.map((ref) => choose(ref, candidates, scope)));
  }
  return matches;
}
