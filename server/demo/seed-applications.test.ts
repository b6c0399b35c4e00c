import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELLABLE_TYPES, type LabellableType } from '../../src/api/types';
import { assertions, media, subjects } from '../db/schema';
import { listApplications } from '../domain/applications';
import { pendingCount } from '../feedback/scheduler';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_APPLICATIONS, DEMO_PALETTE } from '../vision/demo';
import { seedApplications, type DemoApplicationSet } from './seed-applications';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

// The first 16 scenes of each demo set already leave at least one ambiguous proposal in every application.
const SCENES = 16;

let testApp: TestApp;
let identity: DemoIdentity;
let seeded: DemoApplicationSet;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  identity = testApp.demo!;
  seeded = await seedApplications(testApp.app, identity, SCENES);
}, 180_000);

afterAll(() => testApp.close());

async function capturedMedia(subjectUid: string): Promise<number> {
  const [row] = await testApp.db
    .select({ n: count() })
    .from(assertions)
    .where(and(eq(assertions.subjectUid, subjectUid), isNotNull(assertions.userId), isNull(assertions.appId)));
  return row?.n ?? 0;
}

describe('seedApplications', () => {
  it('creates one application of each labellable type in the demo tenant, managed by the demo manager', async () => {
    const apps = await listApplications(testApp.db, identity.tenantIds.demoLab);
    expect(apps.map((app) => app.type).sort()).toEqual([...LABELLABLE_TYPES].sort());
    const subjectRows = await testApp.db.select().from(subjects).where(eq(subjects.tenantId, identity.tenantIds.demoLab));
    const nameOf = new Map(subjectRows.map((row) => [row.subjectUid, row.name]));

    for (const app of apps) {
      const type = app.type as LabellableType;
      const demo = DEMO_APPLICATIONS[type];
      expect(app.application_id).toBe(seeded.applicationIds[type]);
      expect(app.name).toBe(demo.name);
      expect(app.description.startsWith(demo.description)).toBe(true);
      expect(app.description.length).toBeGreaterThan(demo.description.length);
      expect(app.app_managers).toEqual([DEMO_ACCOUNTS.manager.email]);
      expect(app.active).toBe(true);
      expect(app.output_subjects.map((uid) => nameOf.get(uid))).toEqual(demo.outputSubjects);
      expect(app.input_subjects).toHaveLength(1);
      expect(nameOf.get(app.input_subjects[0]!)).toBe(`Camera: ${demo.name}`);

      const appearance = app.custom_fields.appearance as Record<string, { color: string }>;
      for (const uid of app.output_subjects) {
        const name = nameOf.get(uid) as keyof typeof DEMO_PALETTE;
        expect(appearance[uid]?.color).toBe(DEMO_PALETTE[name].appearance.color);
      }
    }
  });

  it('uploads the scenes to each input subject and runs them through the baseline models', async () => {
    for (const type of LABELLABLE_TYPES) {
      expect(await capturedMedia(seeded.inputSubjectUids[type])).toBe(SCENES);
      const [modelAssertions] = await testApp.db
        .select({ media: count(assertions.mediaId) })
        .from(assertions)
        .where(and(eq(assertions.appId, seeded.applicationIds[type]), isNotNull(assertions.modelId)));
      expect(modelAssertions?.media).toBeGreaterThanOrEqual(SCENES);
    }
    expect(seeded.scenesUploaded).toBe(SCENES * LABELLABLE_TYPES.length);
  });

  it('leaves feedback requests scheduled in every application', async () => {
    for (const type of LABELLABLE_TYPES) {
      expect(await pendingCount(testApp.db, seeded.applicationIds[type]), type).toBeGreaterThan(0);
    }
  });

  it('adds nothing when run again, and completes an interrupted seeding', async () => {
    const [before] = await testApp.db.select({ n: count() }).from(media);
    const again = await seedApplications(testApp.app, identity, SCENES);
    expect(again.applicationIds).toEqual(seeded.applicationIds);
    expect(again.inputSubjectUids).toEqual(seeded.inputSubjectUids);
    expect(again.scenesUploaded).toBe(0);
    const [after] = await testApp.db.select({ n: count() }).from(media);
    expect(after?.n).toBe(before?.n);

    const completed = await seedApplications(testApp.app, identity, SCENES + 1);
    expect(completed.scenesUploaded).toBe(LABELLABLE_TYPES.length);
    for (const type of LABELLABLE_TYPES) expect(await capturedMedia(seeded.inputSubjectUids[type])).toBe(SCENES + 1);
    expect((await listApplications(testApp.db, identity.tenantIds.demoLab)).length).toBe(LABELLABLE_TYPES.length);
  });
});
