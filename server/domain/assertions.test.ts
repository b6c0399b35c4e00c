import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db';
import { assertions, detectionRecords } from '../db/schema';
import { insertApplication, insertMedia } from '../feedback/test-fixtures';
import { openTestDatabase } from '../testing/test-app';
import { recordAssertions, touchDetectionRecord, type AssertionBatch } from './assertions';

let database: DatabaseHandle;
let appId: string;
const tenantId = 'ten_assertions';

beforeAll(async () => {
  database = await openTestDatabase();
  appId = (await insertApplication(database.db, tenantId, 'classification', ['sub_red'])).applicationId;
});
afterAll(() => database.close());

const newMediaId = async () => (await insertMedia(database.db, tenantId, { width: 50, height: 50 })).mediaId;
const rowsOn = (mediaId: string) =>
  database.db.select().from(assertions).where(eq(assertions.mediaId, mediaId)).orderBy(asc(assertions.seq));

const answer = (mediaId: string, decisionTime: number, probability: number): AssertionBatch => ({
  tenantId,
  mediaId,
  userId: 'usr_a',
  appId,
  decisionTime,
  assertions: [{ subjectUid: 'sub_red', probability }],
});

describe('recordAssertions', () => {
  it('records a batch in its order and returns the ids', async () => {
    const mediaId = await newMediaId();
    const focus = { box: { x0: 1, y0: 2, x1: 30, y1: 40 } };
    const ids = await recordAssertions(database.db, {
      tenantId,
      mediaId,
      focus,
      modelId: `${appId}.v0`,
      appId,
      createdAt: 500,
      assertions: [
        { subjectUid: 'sub_red', probability: 0.4, uncalProb: 0.3, appDataType: 'count', appData: 3 },
        { subjectUid: 'sub_blue', probability: 0.9 },
      ],
    });
    const rows = await rowsOn(mediaId);
    expect(rows.map((row) => row.detectionId)).toEqual(ids);
    expect(rows.map((row) => [row.subjectUid, row.probability, row.uncalProb, row.appDataType, row.appData])).toEqual([
      ['sub_red', 0.4, 0.3, 'count', 3],
      ['sub_blue', 0.9, 0.9, null, null],
    ]);
    expect(rows.every((row) => row.current && row.focusKey === '1,2,30,40' && row.createdAt === 500 && row.userId === null)).toBe(true);
    expect(rows[0]!.focus).toEqual(focus);
  });

  it("retires the author's current assertion and keeps its probability as prev_prob", async () => {
    const mediaId = await newMediaId();
    await recordAssertions(database.db, answer(mediaId, 10, 1));
    await recordAssertions(database.db, { ...answer(mediaId, 10, 0), userId: 'usr_b' });
    await recordAssertions(database.db, answer(mediaId, 20, 0));
    const rows = await rowsOn(mediaId);
    expect(rows.map((row) => [row.userId, row.probability, row.prevProb, row.current])).toEqual([
      ['usr_a', 1, null, false],
      ['usr_b', 0, null, true],
      ['usr_a', 0, 1, true],
    ]);
  });

  it('keeps an answer decided earlier as history when a later decision is already current', async () => {
    const mediaId = await newMediaId();
    await recordAssertions(database.db, answer(mediaId, 20, 1));
    await recordAssertions(database.db, answer(mediaId, 10, 0));
    const rows = await rowsOn(mediaId);
    expect(rows.map((row) => [row.probability, row.decisionTime, row.current])).toEqual([
      [1, 20, true],
      [0, 10, false],
    ]);
  });
});

describe('touchDetectionRecord', () => {
  it('creates the record, then moves it to the end of the cursor order on every touch', async () => {
    const [first, second] = [await newMediaId(), await newMediaId()];
    await touchDetectionRecord(database.db, appId, first, null, 100);
    await touchDetectionRecord(database.db, appId, second, null, 101);
    await touchDetectionRecord(database.db, appId, first, null, 102);
    const records = await database.db
      .select()
      .from(detectionRecords)
      .where(eq(detectionRecords.appId, appId))
      .orderBy(asc(detectionRecords.updateSeq));
    expect(records.map((record) => [record.mediaId, record.updatedAt])).toEqual([
      [second, 101],
      [first, 102],
    ]);
  });
});
