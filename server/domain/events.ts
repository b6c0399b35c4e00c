import { and, desc, eq, lt } from 'drizzle-orm';
import type { ApplicationEvent, PendingDetections } from '../../src/api/schemas/events';
import type { Database } from '../db';
import { callbackOutbox } from '../db/schema';
import type { JobQueue } from '../jobs/queue';

export interface EventPage {
  events: ApplicationEvent[];
  nextCursor: number | null;
}

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** A page of the application's detection posts, newest first; `cursor` is the id the previous page ended on. */
export async function pageEvents(db: Database, appId: string, limit: number, cursor: number | null): Promise<EventPage> {
  const rows = await db
    .select()
    .from(callbackOutbox)
    .where(and(eq(callbackOutbox.appId, appId), cursor === null ? undefined : lt(callbackOutbox.id, cursor)))
    .orderBy(desc(callbackOutbox.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({
      event_id: String(row.id),
      event_type: 'detection',
      url: row.url,
      status: row.status,
      attempts: row.attempts,
      created_at: row.createdAt,
      last_error: row.lastError,
      body: parsedBody(row.body),
    })),
    nextCursor: rows.length > limit ? page.at(-1)!.id : null,
  };
}

/** The media items waiting for the application's model to run on them. */
export async function pendingDetections(jobs: JobQueue, appId: string): Promise<PendingDetections> {
  const { count: pending, oldestAt } = await jobs.unfinished('process-media', 'appId', appId);
  return { pending, oldest_at: oldestAt };
}
