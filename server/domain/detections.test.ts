import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db';
import { insertApplication, insertSubject } from '../feedback/test-fixtures';
import { createMemoryBlobStore } from '../media/blob-store';
import { insertDetectionsFixture } from '../testing/perf-fixtures';
import { openTestDatabase } from '../testing/test-app';
import { pageDetections, type DetectionsFilter } from './detections';

const RECORDS = 125;
const CONSENSUS_EVERY = 10;
let database: DatabaseHandle;
let appId: string;
let subjects: string[];
const links = { baseUrl: 'https://labels.example', secret: Buffer.alloc(32, 7) };

beforeAll(async () => {
  database = await openTestDatabase();
  const tenantId = 'ten_detections';
  subjects = [await insertSubject(database.db, tenantId, 'gull'), await insertSubject(database.db, tenantId, 'tern')];
  appId = (await insertApplication(database.db, tenantId, 'detection_fullframe', subjects)).applicationId;
  const records = await insertDetectionsFixture(database.db, createMemoryBlobStore(), {
    tenantId,
    applicationId: appId,
    modelId: `${appId}.v0`,
    subjectUids: subjects,
    assertions: RECORDS * 2,
    consensusEvery: CONSENSUS_EVERY,
    userId: 'usr_labeller',
  });
  expect(records).toBe(RECORDS);
});
afterAll(() => database.close());

const everything: DetectionsFilter = {
  start: 0,
  end: Date.now() / 1000 + 60,
  probabilityLower: 0,
  probabilityUpper: 1,
  limit: 100,
  reverse: false,
  consensusNone: false,
  onlyUser: false,
  onlyModelId: null,
  cursor: null,
  reader: { userId: 'usr_manager', manages: 'all' },
};

/** Follows the cursor to the end; the media ids of every page. */
async function allPages(filter: Partial<DetectionsFilter>) {
  const pages: Awaited<ReturnType<typeof pageDetections>>['records'][] = [];
  let cursor: number | null = null;
  do {
    const page = await pageDetections(database.db, appId, { ...everything, ...filter, cursor }, links);
    pages.push(page.records);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}

const mediaIdsOf = (pages: { media: { media_id: string } }[][]) => pages.flat().map((record) => record.media.media_id);
const fixtureIds = Array.from({ length: RECORDS }, (_, index) => `med_perf_${index + 1}`);

describe('pageDetections over a bulk-inserted application', () => {
  it('pages every record once, in update order either way, with its assertions in the order they were made', async () => {
    const forward = await allPages({});
    expect(forward.map((page) => page.length)).toEqual([100, 25]);
    expect(mediaIdsOf(forward)).toEqual(fixtureIds);
    expect(mediaIdsOf(await allPages({ reverse: true, limit: 40 }))).toEqual([...fixtureIds].reverse());

    const [first] = forward[0]!;
    expect(first?.detections.map((detection) => detection.subject_uid)).toEqual(subjects);
    expect(first?.media.media_url).toMatch(/^https:\/\/labels\.example\/media-files\/.+\?exp=\d+&sig=/);
    const tenth = forward[0]![CONSENSUS_EVERY - 1];
    expect(tenth?.detections.map((detection) => detection.user_id)).toEqual([null, null, 'usr_labeller']);
  });

  it('keeps only the matching assertions and the records left with one', async () => {
    const confident = (await allPages({ probabilityLower: 0.9 })).flat();
    expect(confident.length).toBeGreaterThan(0);
    expect(confident.length).toBeLessThan(RECORDS);
    expect(confident.flatMap((record) => record.detections).every((detection) => detection.probability >= 0.9)).toBe(true);

    const answered = mediaIdsOf(await allPages({ onlyUser: true }));
    expect(answered).toEqual(fixtureIds.filter((_, index) => (index + 1) % CONSENSUS_EVERY === 0));

    const model = (await allPages({ onlyModelId: `${appId}.v0` })).flat();
    expect(model.every((record) => record.detections.length === 2)).toBe(true);
  });

  it('with consensus_none drops the assertions on a subject a person has answered, not the record', async () => {
    const open = (await allPages({ consensusNone: true })).flat();
    expect(open).toHaveLength(RECORDS);
    const tenth = open[CONSENSUS_EVERY - 1];
    expect(tenth?.detections.map((detection) => detection.subject_uid)).toEqual([subjects[1]]);
  });

  it('gives nothing, and no cursor, outside the time window', async () => {
    const page = await pageDetections(database.db, appId, { ...everything, start: everything.end }, links);
    expect(page).toEqual({ records: [], nextCursor: null });
  });
});
