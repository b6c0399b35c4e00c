import { sql } from 'drizzle-orm';
import { listApplicationDetections, listNextDetections, MAX_DETECTIONS_PAGE, type DetectionsPage } from '../../src/api/endpoints/detections';
import { DEMO_ACCOUNTS } from '../../server/demo/seed-identity';
import { baselineModelId } from '../../server/processing/pipeline';
import { createBenchApplication, insertMediaRows } from './bulk-data';
import type { FreshService } from './fresh-service';
import { summarize, timed, type LatencySummary } from './stats';

export interface DetectionsBenchOptions {
  /** Model assertions in the application: one per output subject on each media item. */
  assertions: number;
  outputSubjects: number;
  /** Pages followed through `paging.next` from the oldest, and as many from the newest (reverse). */
  pagesEachWay: number;
}

export const DETECTIONS_BENCH: DetectionsBenchOptions = { assertions: 100_000, outputSubjects: 2, pagesEachWay: 40 };

export interface DetectionsBenchResult {
  assertions: number;
  records: number;
  page_size: number;
  insert_seconds: number;
  page: LatencySummary;
}

/** Inserts the assertions and detection records in bulk, then times pages of 100 records from both ends. */
export async function benchDetections(
  service: FreshService,
  options: DetectionsBenchOptions = DETECTIONS_BENCH,
): Promise<DetectionsBenchResult> {
  const { db, blobs } = service.app;
  const tenantId = service.identity.tenantIds.demoLab;
  const app = await createBenchApplication(db, tenantId, 'detection_fullframe', options.outputSubjects, DEMO_ACCOUNTS.admin.email);
  const records = Math.ceil(options.assertions / options.outputSubjects);
  const insertStartedAt = performance.now();
  await insertMediaRows(db, blobs, tenantId, 'med_benchdet_', records);
  const now = Date.now() / 1000;
  const modelId = baselineModelId(app.applicationId);
  await db.execute(sql`
    INSERT INTO assertions (detection_id, tenant_id, media_id, subject_uid, model_id, app_id, probability, uncal_prob, created_at)
    SELECT 'det_bench_' || i || '_' || s.n, ${tenantId}, 'med_benchdet_' || i, s.uid, ${modelId}, ${app.applicationId},
           ((i * 7 + s.n * 13) % 100) / 100.0, ((i * 7 + s.n * 13) % 100) / 100.0, ${now} - (${records} - i) * 0.01
    FROM generate_series(1, ${records}) AS i
    CROSS JOIN unnest(string_to_array(${app.outputSubjectUids.join(',')}, ',')) WITH ORDINALITY AS s(uid, n)
    LIMIT ${options.assertions}`);
  await db.execute(sql`
    INSERT INTO detection_records (app_id, media_id, focus_key, updated_at)
    SELECT ${app.applicationId}, 'med_benchdet_' || i, '', ${now} - (${records} - i) * 0.01
    FROM generate_series(1, ${records}) AS i ORDER BY i`);
  await db.execute(sql`ANALYZE`);
  const insertSeconds = (performance.now() - insertStartedAt) / 1000;

  const client = await service.signIn('labeller');
  const samples: number[] = [];
  for (const reverse of [false, true]) {
    let page: DetectionsPage = await timed(samples, () =>
      listApplicationDetections(client, app.applicationId, { limit: MAX_DETECTIONS_PAGE, reverse }),
    );
    for (let pageNumber = 1; pageNumber < options.pagesEachWay && page.paging.next; pageNumber += 1) {
      const next = page.paging.next;
      page = await timed(samples, () => listNextDetections(client, next));
    }
  }
  return {
    assertions: options.assertions,
    records,
    page_size: MAX_DETECTIONS_PAGE,
    insert_seconds: Math.round(insertSeconds * 10) / 10,
    page: summarize(samples),
  };
}
