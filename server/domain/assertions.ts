import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppData, AppDataType, Assertion, Focus, MediaAssertion } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { assertions, detectionRecords } from '../db/schema';

export type AssertionRow = typeof assertions.$inferSelect;

/** The text that identifies a focus in keys and indexes: '' for the whole media. */
export function focusKey(focus: Focus | null | undefined): string {
  if (!focus) return '';
  const { x0, y0, x1, y1 } = focus.box;
  return `${x0},${y0},${x1},${y1}`;
}

export interface NewAssertion {
  tenantId: string;
  mediaId: string;
  subjectUid: string;
  focus?: Focus | null;
  /** Source 1 (user, no app), source 2 (user and app) or source 3 (model and app). */
  userId?: string | null;
  modelId?: string | null;
  appId?: string | null;
  appDataType?: AppDataType | null;
  appData?: AppData | null;
  probability: number;
  /** Defaults to the probability. */
  uncalProb?: number;
  createdAt?: number;
  /** When the person decided (feedback); between two answers of one author the later decision wins. */
  decisionTime?: number | null;
}

export const unixNow = () => Date.now() / 1000;

/**
 * Inserts one assertion. Its author is the user (with the app, if any) or, for a model, the application, so a newly
 * released model replaces the previous model's assertion. `prev_prob` is the probability of that author's current
 * assertion on the same media, subject and focus, which stops being current, unless it carries a later
 * `decision_time` than this one: then the new one is kept as history and the earlier-arrived answer stays current.
 */
export async function recordAssertion(tx: Database, input: NewAssertion): Promise<AssertionRow> {
  const focus = input.focus ?? null;
  const key = focusKey(focus);
  const userId = input.userId ?? null;
  const appId = input.appId ?? null;
  const [previous] = await tx
    .select()
    .from(assertions)
    .where(
      and(
        eq(assertions.mediaId, input.mediaId),
        eq(assertions.subjectUid, input.subjectUid),
        eq(assertions.focusKey, key),
        eq(assertions.current, true),
        userId === null ? isNull(assertions.userId) : eq(assertions.userId, userId),
        appId === null ? isNull(assertions.appId) : eq(assertions.appId, appId),
      ),
    )
    .for('update');
  const decidedEarlier =
    previous?.decisionTime != null && input.decisionTime != null && previous.decisionTime > input.decisionTime;
  if (previous && !decidedEarlier) {
    await tx.update(assertions).set({ current: false }).where(eq(assertions.detectionId, previous.detectionId));
  }
  const [row] = await tx
    .insert(assertions)
    .values({
      detectionId: newId('det'),
      tenantId: input.tenantId,
      mediaId: input.mediaId,
      subjectUid: input.subjectUid,
      focus,
      focusKey: key,
      userId,
      modelId: input.modelId ?? null,
      appId,
      appDataType: input.appDataType ?? null,
      appData: input.appData ?? null,
      prevProb: previous?.probability ?? null,
      probability: input.probability,
      uncalProb: input.uncalProb ?? input.probability,
      createdAt: input.createdAt ?? unixNow(),
      decisionTime: input.decisionTime ?? null,
      current: !decidedEarlier,
    })
    .returning();
  return row!;
}

/**
 * Creates or refreshes the application's detection record for the media (and focus). Every touch takes a new
 * `update_seq`, so the record moves to the end of the detections cursor order.
 */
export async function touchDetectionRecord(
  tx: Database,
  appId: string,
  mediaId: string,
  focus: Focus | null,
  updatedAt: number,
): Promise<void> {
  await tx
    .insert(detectionRecords)
    .values({ appId, mediaId, focusKey: focusKey(focus), focus, updatedAt, updateSeq: sql`nextval('detection_update_seq')` })
    .onConflictDoUpdate({
      target: [detectionRecords.appId, detectionRecords.mediaId, detectionRecords.focusKey],
      set: { updatedAt, updateSeq: sql`nextval('detection_update_seq')` },
    });
}

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
