import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion } from '../../src/api/application-types/answer';
import { assertions, feedbackQueue, media, subjects } from '../db/schema';
import { queueCounts } from '../feedback/scheduler';
import { createTestApp, type TestApp } from '../testing/test-app';
import { FIRST_PHOTOS, PHOTO_APPLICATIONS, uploadDemoPhotos } from './photo-applications';
import { PHOTO_DIR, readPhotoManifest } from './photo-library';
import { seedApplications, type DemoApplicationSet } from './seed-applications';

let t: TestApp;
let set: DemoApplicationSet;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  set = await seedApplications(t.app, t.demo!);
});
afterAll(() => t.close());

/** The classes of the objects a photograph shows (its ground truth, server/demo/photos/<name>.json). */
async function objectClasses(file: string): Promise<string[]> {
  const truth = JSON.parse(await readFile(path.join(PHOTO_DIR, file.replace(/\.jpg$/, '.json')), 'utf8')) as { objects: { class: string }[] };
  return truth.objects.map((object) => object.class);
}

/** The model's proposals for one photograph in one photo application, by output subject name. */
async function proposals(appName: string, file: string): Promise<Map<string, { probability: number; appData: unknown }>> {
  const rows = await t.db
    .select({ name: subjects.name, probability: assertions.probability, appData: assertions.appData, details: media.details })
    .from(assertions)
    .innerJoin(media, eq(media.mediaId, assertions.mediaId))
    .innerJoin(subjects, eq(subjects.subjectUid, assertions.subjectUid))
    .where(and(eq(assertions.appId, set.photos.applicationIds[appName]!), isNotNull(assertions.modelId)));
  const own = rows.filter((row) => (row.details as { filename: string }).filename === file);
  return new Map(own.map((row) => [row.name, { probability: row.probability, appData: row.appData }]));
}

describe('the demo photographs', () => {
  it('are uploaded once each, and the detector proposes on them in every photo application', { timeout: 600_000 }, async () => {
    const manifest = [...(await readPhotoManifest()), ...(await readPhotoManifest('chessboards'))];
    expect(await uploadDemoPhotos(t.app, t.demo!, set.photos.cameraUids)).toBe(manifest.length);
    expect(await uploadDemoPhotos(t.app, t.demo!, set.photos.cameraUids)).toBe(0);
    const files = await t.db.select({ details: media.details }).from(media);
    expect(files.map((row) => row.details).sort((a, b) => a.filename!.localeCompare(b.filename!))).toEqual(
      manifest.map((photo) => ({ filename: photo.file, license: photo.licence })).sort((a, b) => a.filename.localeCompare(b.filename)),
    );

    // the street: people boxed by the detector
    const street = await proposals('People and cars', 'street-09.jpg');
    const people = (street.get('person')?.appData ?? []) as BoxRegion[];
    expect(people.filter((box) => (box.probability ?? 0) >= 0.5).length).toBeGreaterThanOrEqual(3);
    expect((await proposals('People count', 'street-09.jpg')).get('person')?.appData).toBeGreaterThanOrEqual(3);
    expect((await proposals('Who or what is there', 'astronaut.jpg')).get('person')?.probability).toBeGreaterThan(0.5);
    expect((await proposals('Who or what is there', 'orange.jpg')).get('person')?.probability).toBeLessThan(0.5);
    // the football photo's ball, pointed at
    const ball = (await proposals('Ball spots', 'football.jpg')).get('sports ball');
    expect(Array.isArray(ball?.appData) && ball.appData.length).toBeGreaterThanOrEqual(1);
    // the classification proposes the most likely class only: a person on the portrait
    expect([...(await proposals('What the photo shows', 'grace-hopper.jpg')).keys()]).toEqual(['person']);

    // the first photographs uploaded give every photo application something to ask about
    const firstPhotos = (await t.db.select({ id: media.mediaId }).from(media).orderBy(asc(media.createdAt)).limit(FIRST_PHOTOS.length)).map((row) => row.id);
    for (const app of PHOTO_APPLICATIONS) {
      const asked = await t.db
        .select({ mediaId: feedbackQueue.mediaId })
        .from(feedbackQueue)
        .where(and(eq(feedbackQueue.appId, set.photos.applicationIds[app.name]!), inArray(feedbackQueue.mediaId, firstPhotos)));
      expect(asked.length, app.name).toBeGreaterThan(0);
    }

    // each application asks only about photographs that show its subjects: every photograph Ball spots asks about has a ball
    const ballSpots = await t.db
      .select({ details: media.details })
      .from(feedbackQueue)
      .innerJoin(media, eq(media.mediaId, feedbackQueue.mediaId))
      .where(eq(feedbackQueue.appId, set.photos.applicationIds['Ball spots']!));
    for (const { details } of ballSpots) expect(await objectClasses(details.filename!), details.filename!).toContain('sports ball');

    // the doubtful photographs wait for a labeller in every application
    for (const app of PHOTO_APPLICATIONS) {
      const appId = set.photos.applicationIds[app.name]!;
      const queued = await t.db.select({ priority: feedbackQueue.priority }).from(feedbackQueue).where(eq(feedbackQueue.appId, appId));
      expect(queued.length, app.name).toBeGreaterThan(0);
      expect((await queueCounts(t.db, appId)).pending, app.name).toBe(queued.length);
    }
  });
});
