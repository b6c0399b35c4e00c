import { and, eq, sql } from 'drizzle-orm';
import type { CaptureStatus } from '../../src/api/schemas/capture';
import type { Database } from '../db';
import { capturedItems, captureState, media } from '../db/schema';
import { unixNow } from '../db/unix-time';
import { redactSecrets } from '../net/redact';
import type { ApplicationRow } from './applications';
import { toMedia, type MediaLinks } from './media';

export type CaptureStateRow = typeof captureState.$inferSelect;

/** A failing capture waits twice as long after each failure in a row, never less than its interval, and at most this. */
const BACKOFF_MAX_SECONDS = 300;

/** Seconds until the next capture, from the one that just ended: its interval, or longer after failures. */
export const nextDelaySeconds = (intervalSeconds: number, failures: number) =>
  failures === 0 ? intervalSeconds : Math.max(intervalSeconds, Math.min(BACKOFF_MAX_SECONDS, intervalSeconds * 2 ** failures));

export async function readCaptureState(db: Database, applicationId: string): Promise<CaptureStateRow | undefined> {
  const [row] = await db.select().from(captureState).where(eq(captureState.applicationId, applicationId));
  return row;
}

/** Starts a new capture loop of the application, due now: its generation, which ends the jobs of the loop before. */
export async function nextGeneration(tx: Database, applicationId: string): Promise<number> {
  const [row] = await tx
    .insert(captureState)
    .values({ applicationId, generation: 1, nextAttemptAt: unixNow() })
    .onConflictDoUpdate({ target: captureState.applicationId, set: { generation: sql`${captureState.generation} + 1`, nextAttemptAt: unixNow() } })
    .returning({ generation: captureState.generation });
  return row!.generation;
}

/** Whether the application stored an image of this key already. */
export async function isItemCaptured(db: Database, applicationId: string, itemKey: string): Promise<boolean> {
  const [row] = await db
    .select({ mediaId: capturedItems.mediaId })
    .from(capturedItems)
    .where(and(eq(capturedItems.applicationId, applicationId), eq(capturedItems.itemKey, itemKey)));
  return row !== undefined;
}

/** Records a stored image in the caller's transaction: one more captured, the latest media, its key. */
export async function recordCapturedImage(tx: Database, applicationId: string, mediaId: string, itemKey: string | undefined): Promise<void> {
  const now = unixNow();
  if (itemKey !== undefined) await tx.insert(capturedItems).values({ applicationId, itemKey, mediaId, capturedAt: now }).onConflictDoNothing();
  await tx
    .update(captureState)
    .set({ captured: sql`${captureState.captured} + 1`, lastMediaId: mediaId, lastCaptureAt: now })
    .where(eq(captureState.applicationId, applicationId));
}

export interface CaptureOutcome {
  startedAt: number;
  /** Milliseconds from the capture's start to its last image stored, when one was stored. */
  tookMs: number | null;
  error: string | null;
  nextAttemptAt: number | null;
}

/** Records how a capture ended, in the caller's transaction. */
export async function recordCaptureOutcome(tx: Database, applicationId: string, outcome: CaptureOutcome): Promise<void> {
  const failed = outcome.error !== null;
  await tx
    .update(captureState)
    .set({
      attempts: sql`${captureState.attempts} + 1`,
      failures: failed ? sql`${captureState.failures} + 1` : 0,
      lastAttemptAt: outcome.startedAt,
      ...(outcome.tookMs === null ? {} : { lastCaptureMs: outcome.tookMs }),
      ...(failed ? { lastError: outcome.error, lastErrorAt: unixNow() } : { lastError: null }),
      nextAttemptAt: outcome.nextAttemptAt,
    })
    .where(eq(captureState.applicationId, applicationId));
}

/** The loop stopped (the application is inactive): nothing is due. */
export async function recordCaptureStopped(tx: Database, applicationId: string): Promise<void> {
  await tx.update(captureState).set({ nextAttemptAt: null }).where(eq(captureState.applicationId, applicationId));
}

/** The smallest copy of the image, for a thumbnail. */
function thumbnailOf(urls: { media_url: string; resize_urls: Record<string, string> }): string {
  const smallest = Object.keys(urls.resize_urls).sort((a, b) => Number(a) - Number(b))[0];
  return smallest === undefined ? urls.media_url : urls.resize_urls[smallest]!;
}

/** What the capture application did lately (`GET /1/applications/{id}/capture`). */
export async function captureStatus(db: Database, appRow: ApplicationRow, links: MediaLinks): Promise<CaptureStatus> {
  const state = await readCaptureState(db, appRow.applicationId);
  const [lastMedia] = state?.lastMediaId
    ? await db
        .select()
        .from(media)
        .where(and(eq(media.mediaId, state.lastMediaId), eq(media.tenantId, appRow.tenantId)))
    : [];
  const failures = state?.failures ?? 0;
  return {
    state: !appRow.active ? 'stopped' : failures > 0 ? 'backing_off' : 'capturing',
    captured: state?.captured ?? 0,
    attempts: state?.attempts ?? 0,
    failures,
    last_attempt_at: state?.lastAttemptAt ?? null,
    last_capture_at: state?.lastCaptureAt ?? null,
    last_capture_ms: state?.lastCaptureMs ?? null,
    last_media: lastMedia ? { media_id: lastMedia.mediaId, thumbnail_url: thumbnailOf(toMedia(lastMedia, links)) } : null,
    // redacted when written; again when read, for what an earlier version wrote
    last_error: state?.lastError ? redactSecrets(state.lastError) : null,
    last_error_at: state?.lastErrorAt ?? null,
    next_attempt_at: appRow.active ? (state?.nextAttemptAt ?? null) : null,
  };
}
