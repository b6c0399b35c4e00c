import { listApplicationDetections, listNextDetections, MAX_DETECTIONS_PAGE, type DetectionsPage } from '../../src/api/endpoints/detections';
import type { ApiClient } from '../../src/api/client';
import { DEMO_ACCOUNTS } from '../../server/demo/seed-identity';
import { baselineModelId } from '../../src/api/schemas/models';
import { insertDetectionsFixture } from '../../server/testing/perf-fixtures';
import { createBenchApplication } from './bulk-data';
import type { FreshService } from './fresh-service';
import { summarize, timed, type LatencySummary } from './stats';

export interface DetectionsBenchOptions {
  /** Model assertions in the application: one per output subject on each media item. */
  assertions: number;
  outputSubjects: number;
  /** Pages followed through `paging.next` from the oldest, and as many from the newest (reverse). */
  pagesEachWay: number;
  /** Pages followed first without timing them. */
  warmUpPages: number;
}

export const DETECTIONS_BENCH: DetectionsBenchOptions = { assertions: 100_000, outputSubjects: 2, pagesEachWay: 40, warmUpPages: 20 };

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
  const insertStartedAt = performance.now();
  const records = await insertDetectionsFixture(db, blobs, {
    tenantId,
    applicationId: app.applicationId,
    modelId: baselineModelId(app.applicationId),
    subjectUids: app.outputSubjectUids,
    assertions: options.assertions,
    mediaIdPrefix: 'med_benchdet_',
  });
  // As the service's periodic maintenance would after such a bulk load (PGlite has no autovacuum).
  await service.app.maintainDatabase();
  const insertSeconds = (performance.now() - insertStartedAt) / 1000;

  const client = await service.signIn('labeller');
  const samples: number[] = [];
  // The first pages of a fresh process run on unoptimised code; a service that has been up a while has none of that.
  await followPages(client, app.applicationId, options.warmUpPages, []);
  for (const reverse of [false, true]) await followPages(client, app.applicationId, options.pagesEachWay, samples, reverse);
  return {
    assertions: options.assertions,
    records,
    page_size: MAX_DETECTIONS_PAGE,
    insert_seconds: Math.round(insertSeconds * 10) / 10,
    page: summarize(samples),
  };
}

/** Follows `paging.next` for up to `pages` pages of the largest size, timing each into `samples`. */
async function followPages(client: ApiClient, applicationId: string, pages: number, samples: number[], reverse = false) {
  let next: string | undefined;
  for (let pageNumber = 0; pageNumber < pages && (pageNumber === 0 || next); pageNumber += 1) {
    const after = next;
    const page: DetectionsPage = await timed(samples, () =>
      after ? listNextDetections(client, after) : listApplicationDetections(client, applicationId, { limit: MAX_DETECTIONS_PAGE, reverse }),
    );
    next = page.paging.next;
  }
}
