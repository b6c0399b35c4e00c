import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, subjects } from '../db/schema';
import { listApplications } from '../domain/applications';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_TYPES, type DemoLabellableType } from '../types/registry';
import { demoApplication } from '../types/testing/demo';
import { automaticDetectorClass } from '../../src/api/detector/classes';
import { DEMO_PALETTE } from '../vision/demo';
import { PHOTO_APPLICATIONS, PHOTO_CAMERAS } from './photo-applications';
import { DEMO_FEEDBACK_PER_HOUR, INSPECTION_LINE, seedApplications, type DemoApplicationSet } from './seed-applications';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

let testApp: TestApp;
let identity: DemoIdentity;
let seeded: DemoApplicationSet;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  identity = testApp.demo!;
  seeded = await seedApplications(testApp.app, identity);
});

afterAll(() => testApp.close());

describe('seedApplications', () => {
  it('creates the photo applications first, each taking the photographs of its camera and seeing its subjects with the detector, or learning them', async () => {
    const apps = await listApplications(testApp.db, identity.tenantIds.demoLab);
    expect(apps.slice(0, PHOTO_APPLICATIONS.length).map((app) => app.name)).toEqual(PHOTO_APPLICATIONS.map((app) => app.name));
    const subjectRows = await testApp.db.select().from(subjects).where(eq(subjects.tenantId, identity.tenantIds.demoLab));
    const nameOf = new Map(subjectRows.map((row) => [row.subjectUid, row.name]));
    expect(nameOf.get(seeded.photos.cameraUids.library)).toBe(PHOTO_CAMERAS.library.name);
    expect(nameOf.get(seeded.photos.cameraUids.sports)).toBe(PHOTO_CAMERAS.sports.name);
    expect(nameOf.get(seeded.photos.cameraUids.chessboards)).toBe(PHOTO_CAMERAS.chessboards.name);
    for (const demo of PHOTO_APPLICATIONS) {
      const app = apps.find((candidate) => candidate.application_id === seeded.photos.applicationIds[demo.name])!;
      expect(app.type).toBe(demo.type);
      expect(app.description).toBe(`${demo.description} ${demo.howToLabel}`);
      expect(app.app_managers).toEqual([DEMO_ACCOUNTS.manager.email]);
      expect(app.requested_feedback_per_hour).toBe(DEMO_FEEDBACK_PER_HOUR);
      expect(app.input_subjects).toEqual([seeded.photos.cameraUids[demo.camera]]);
      const names = app.output_subjects.map((uid) => nameOf.get(uid)!);
      expect(names).toEqual(demo.outputSubjects);
      // the detector sees their subjects, but for one whose subject it does not know: the model learns it from the boxes
      expect(names.every((name) => automaticDetectorClass(name) !== null), demo.name).toBe(demo.subjectDescription === undefined);
      expect(app.custom_fields).toEqual({});
    }
    const seenByDetector = PHOTO_APPLICATIONS.filter((app) => app.subjectDescription === undefined);
    expect(new Set(seenByDetector.map((app) => app.type)).size).toBe(seenByDetector.length);
    expect(PHOTO_APPLICATIONS.filter((app) => app.subjectDescription !== undefined).map((app) => app.name)).toEqual(['Calibration boards']);
  });

  it('creates an inspection line of one application of each type of the demo (the standard labellable types), managed by the demo manager', async () => {
    const inspectionLine = new Set(Object.values(seeded.applicationIds));
    const apps = (await listApplications(testApp.db, identity.tenantIds.demoLab)).filter((app) => inspectionLine.has(app.application_id));
    expect(apps.map((app) => app.type).sort()).toEqual([...DEMO_TYPES].sort());
    const subjectRows = await testApp.db.select().from(subjects).where(eq(subjects.tenantId, identity.tenantIds.demoLab));
    const nameOf = new Map(subjectRows.map((row) => [row.subjectUid, row.name]));

    for (const app of apps) {
      const type = app.type as DemoLabellableType;
      const demo = demoApplication(type);
      expect(app.application_id).toBe(seeded.applicationIds[type]);
      expect(app.name).toBe(demo.name);
      expect(app.description.startsWith(`${INSPECTION_LINE} ${demo.description} `)).toBe(true);
      expect(app.description.length).toBeGreaterThan(`${INSPECTION_LINE} ${demo.description} `.length);
      expect(app.app_managers).toEqual([DEMO_ACCOUNTS.manager.email]);
      expect(app.active).toBe(true);
      expect(app.requested_feedback_per_hour).toBe(DEMO_FEEDBACK_PER_HOUR);
      expect(app.output_subjects.map((uid) => nameOf.get(uid))).toEqual(demo.outputSubjects);
      expect(app.input_subjects).toEqual([seeded.inputSubjectUids[type]]);
      expect(nameOf.get(app.input_subjects[0]!)).toBe(`Camera: ${demo.name}`);

      const appearance = app.custom_fields.appearance as Record<string, { color: string }>;
      for (const uid of app.output_subjects) {
        const name = nameOf.get(uid) as keyof typeof DEMO_PALETTE;
        expect(appearance[uid]?.color).toBe(DEMO_PALETTE[name].appearance.color);
      }
    }
  });

  it('keeps what is there when run again, giving older demo applications their own feedback rate', async () => {
    const appId = seeded.applicationIds.point;
    await testApp.db.update(applications).set({ requestedFeedbackPerHour: null }).where(eq(applications.applicationId, appId));
    const again = await seedApplications(testApp.app, identity);
    expect(again).toEqual(seeded);
    expect((await listApplications(testApp.db, identity.tenantIds.demoLab)).length).toBe(DEMO_TYPES.length + PHOTO_APPLICATIONS.length);
    const [row] = await testApp.db.select().from(applications).where(eq(applications.applicationId, appId));
    expect(row?.requestedFeedbackPerHour).toBe(DEMO_FEEDBACK_PER_HOUR);
  });
});
