import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppData } from '../../src/api/application-types/answer';
import type { AppDataType, Focus } from '../../src/api/types';
import type { Assertion, MediaAssertion } from '../../src/api/schemas/detections';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { unixNow } from '../db/unix-time';
import { assertions } from '../db/schema';
import { visibleAssertion, type AnswerReader } from './answer-readers';

export type AssertionRow = typeof assertions.$inferSelect;

import { focusKey } from '../../src/api/focus-key';

export { focusKey };

export interface AssertionBatch {
  tenantId: string;
  mediaId: string;
  focus?: Focus | null;
  /** Source 1 (user, no app), source 2 (user and app) or source 3 (model and app). */
  userId?: string | null;
  modelId?: string | null;
  appId?: string | null;
  createdAt?: number;
  /** When the person decided (feedback); between two answers of one author the later decision wins. */
  decisionTime?: number | null;
  /** One per subject. */
  assertions: readonly NewAssertion[];
}

interface NewAssertion {
  subjectUid: string;
  appDataType?: AppDataType | null;
  appData?: AppData | null;
  probability: number;
  /** Defaults to the probability. */
  uncalProb?: number;
}

/** The batch as the database function `record_assertions` takes it (db/functions), with a new id per assertion. */
export function assertionBatchJson(batch: AssertionBatch) {
  const focus = batch.focus ?? null;
  return {
    tenant_id: batch.tenantId,
    media_id: batch.mediaId,
    focus,
    focus_key: focusKey(focus),
    user_id: batch.userId ?? null,
    model_id: batch.modelId ?? null,
    app_id: batch.appId ?? null,
    created_at: batch.createdAt ?? unixNow(),
    decision_time: batch.decisionTime ?? null,
    assertions: batch.assertions.map((assertion, order) => ({
      detection_id: newId('det'),
      subject_uid: assertion.subjectUid,
      app_data_type: assertion.appDataType ?? null,
      app_data: assertion.appData ?? null,
      probability: assertion.probability,
      uncal_prob: assertion.uncalProb ?? assertion.probability,
      ord: order,
    })),
  };
}

/**
 * Records a batch of assertions by one author on one media item and focus. The author is the user (with the app, if
 * any) or, for a model, the application, so a newly released model replaces the previous model's assertion. Each
 * assertion's `prev_prob` is the probability of that author's current assertion on the same media, subject and
 * focus, which stops being current, unless it carries a later `decision_time` than the batch: then the new one is
 * kept as history and the earlier-arrived answer stays current. Returns the new ids in the batch's order.
 */
export async function recordAssertions(db: Database, batch: AssertionBatch): Promise<string[]> {
  const json = assertionBatchJson(batch);
  if (json.assertions.length > 0) await db.execute(sql`SELECT record_assertions(${JSON.stringify(json)}::jsonb)`);
  return json.assertions.map((assertion) => assertion.detection_id);
}

/**
 * Creates or refreshes the application's detection record for the media (and focus). Every touch takes a new
 * `update_seq`, so the record moves to the end of the detections cursor order.
 */
export async function touchDetectionRecord(db: Database, appId: string, mediaId: string, focus: Focus | null, updatedAt: number): Promise<void> {
  await db.execute(sql`SELECT touch_detection_record(${appId}, ${mediaId}, ${JSON.stringify(focus)}::jsonb,
    ${focusKey(focus)}, ${updatedAt}::double precision)`);
}

/** Every assertion on the media item, in the order they came. */
export const listAssertionsOfMedia = (db: Database, mediaId: string, reader: AnswerReader): Promise<AssertionRow[]> =>
  db
    .select()
    .from(assertions)
    .where(and(eq(assertions.mediaId, mediaId), visibleAssertion(reader, assertions.appId, assertions.userId)))
    .orderBy(asc(assertions.seq));

/** An assertion as application detection records list it. */
export function toAssertion(row: AssertionRow): Assertion {
  return { ...toMediaAssertionFields(row), created_at: row.createdAt, media_id: row.mediaId, focus: row.focus ?? null };
}

/** An assertion as the per-media detection list gives it: `timestamp` instead of `created_at`, `media_id`, `focus`. */
export function toMediaAssertion(row: AssertionRow): MediaAssertion {
  return { ...toMediaAssertionFields(row), timestamp: row.createdAt };
}

function toMediaAssertionFields(row: AssertionRow) {
  return {
    subject_uid: row.subjectUid,
    detection_id: row.detectionId,
    user_id: row.userId,
    model_id: row.modelId,
    app_id: row.appId,
    app_data_type: row.appDataType,
    app_data: row.appData,
    prev_prob: row.prevProb,
    probability: row.probability,
    uncal_prob: row.uncalProb,
  };
}
