import { and, eq, inArray, isNull } from 'drizzle-orm';
import { applications, subjects } from '../db/schema';
import { createApplication } from '../domain/applications';
import { createSubject } from '../domain/subjects';
import type { ServiceContext } from '../service-context';
import { DEMO_TYPES, demoOf, type DemoLabellableType } from '../types/registry';
import { DEMO_PALETTE, demoCustomFields, type DemoSubjectName } from '../vision/demo';
import { PHOTO_APPLICATIONS, PHOTO_CAMERAS, type PhotoApplication, type PhotoCameraKey } from './photo-applications';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

/**
 * The demo applications may schedule this many feedback requests an hour (the system's rate is 120): someone
 * trying the demo, or the end-to-end tests, may well answer more than that.
 */
export const DEMO_FEEDBACK_PER_HOUR = 3600;

/** How the inspection line's applications' descriptions start, telling them from the photo applications. */
export const INSPECTION_LINE = 'Inspection line (synthetic conveyor scenes):';

export interface DemoApplicationSet {
  /** The inspection line's application id of each labellable type (fed with synthetic conveyor scenes). */
  applicationIds: Record<DemoLabellableType, string>;
  /** The input subject (a camera) of each inspection-line application. */
  inputSubjectUids: Record<DemoLabellableType, string>;
  /** The photo applications (PHOTO_APPLICATIONS, by name) and the cameras they take the photographs from. */
  photos: { applicationIds: Record<string, string>; cameraUids: Record<PhotoCameraKey, string> };
}

export async function findOrCreateSubject(ctx: ServiceContext, tenantId: string, name: string, description: string): Promise<string> {
  const [existing] = await ctx.db
    .select({ uid: subjects.subjectUid })
    .from(subjects)
    .where(and(eq(subjects.tenantId, tenantId), eq(subjects.name, name)));
  if (existing) return existing.uid;
  return (await createSubject(ctx.db, tenantId, DEMO_ACCOUNTS.admin.email, { name, description })).subject_uid;
}

async function findOrCreateApplication(
  ctx: ServiceContext,
  tenantId: string,
  demo: Omit<PhotoApplication, 'camera'>,
  inputSubjectUid: string,
  uidByName: Record<string, string>,
  customFields: Record<string, unknown>,
): Promise<string> {
  const { type } = demo;
  const [existing] = await ctx.db
    .select({ id: applications.applicationId })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.name, demo.name), eq(applications.type, type)));
  if (existing) return existing.id;
  const outputSubjects = demo.outputSubjects.map((name) => uidByName[name] as string);
  const created = await createApplication(
    ctx.db,
    tenantId,
    DEMO_ACCOUNTS.admin.email,
    {
      name: demo.name,
      type,
      description: `${demo.description} ${demo.howToLabel}`,
      input_subjects: [inputSubjectUid],
      output_subjects: outputSubjects,
      detection_thresholds: Object.fromEntries(outputSubjects.map((uid) => [uid, demo.detectionThreshold ?? 0.5])),
      app_managers: [DEMO_ACCOUNTS.manager.email],
      requested_feedback_per_hour: DEMO_FEEDBACK_PER_HOUR,
      custom_fields: customFields,
    },
    { allowSpecialTypes: false },
  );
  return created.application_id;
}

/** The photo applications, first (the dashboard lists applications in the order they were made). */
async function seedPhotoApplications(ctx: ServiceContext, tenantId: string): Promise<DemoApplicationSet['photos']> {
  const cameraUids = {} as Record<PhotoCameraKey, string>;
  for (const [key, camera] of Object.entries(PHOTO_CAMERAS) as [PhotoCameraKey, (typeof PHOTO_CAMERAS)[PhotoCameraKey]][]) {
    cameraUids[key] = await findOrCreateSubject(ctx, tenantId, camera.name, camera.description);
  }
  const uidByName: Record<string, string> = {};
  for (const app of PHOTO_APPLICATIONS) {
    for (const name of app.outputSubjects) {
      uidByName[name] ??= await findOrCreateSubject(ctx, tenantId, name, app.subjectDescription ?? `A ${name} in a photograph; the pretrained detector sees it.`);
    }
  }
  const applicationIds: Record<string, string> = {};
  for (const app of PHOTO_APPLICATIONS) {
    applicationIds[app.name] = await findOrCreateApplication(ctx, tenantId, app, cameraUids[app.camera], uidByName, {});
  }
  return { applicationIds, cameraUids };
}

/**
 * The demo tenant's applications, managed by the demo manager: the photo applications on real photographs (the
 * photo library's camera, see photo-applications.ts), then the inspection line, one application of each type of
 * DEMO_TYPES (the standard labellable types), each fed by its own camera subject (the demo feeder uploads synthetic
 * conveyor scenes to it, see feeder.ts).
 * Whatever exists already (matched by name) is kept; demo applications made before they had a rate of their own
 * get DEMO_FEEDBACK_PER_HOUR.
 */
export async function seedApplications(ctx: ServiceContext, identity: DemoIdentity): Promise<DemoApplicationSet> {
  const tenantId = identity.tenantIds.demoLab;
  const photos = await seedPhotoApplications(ctx, tenantId);
  const uidByName: Record<string, string> = {};
  for (const name of Object.keys(DEMO_PALETTE) as DemoSubjectName[]) {
    uidByName[name] = await findOrCreateSubject(ctx, tenantId, name, `A ${name} on the demo conveyor belt.`);
  }

  const applicationIds = {} as Record<DemoLabellableType, string>;
  const inputSubjectUids = {} as Record<DemoLabellableType, string>;
  for (const type of DEMO_TYPES) {
    const demo = demoOf(type);
    const { name } = demo.application;
    const description = `Synthetic conveyor scenes for the "${name}" demo application.`;
    const inputSubjectUid = await findOrCreateSubject(ctx, tenantId, `Camera: ${name}`, description);
    inputSubjectUids[type] = inputSubjectUid;
    const app = { ...demo.application, type, description: `${INSPECTION_LINE} ${demo.application.description}` };
    applicationIds[type] = await findOrCreateApplication(ctx, tenantId, app, inputSubjectUid, uidByName, demoCustomFields(demo.application, uidByName));
  }
  const every = [...Object.values(applicationIds), ...Object.values(photos.applicationIds)];
  await ctx.db
    .update(applications)
    .set({ requestedFeedbackPerHour: DEMO_FEEDBACK_PER_HOUR })
    .where(and(inArray(applications.applicationId, every), isNull(applications.requestedFeedbackPerHour)));
  return { applicationIds, inputSubjectUids, photos };
}
