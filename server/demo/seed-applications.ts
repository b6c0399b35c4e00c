import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LabellableType } from '../../src/api/types';
import { applications, subjects } from '../db/schema';
import { createApplication } from '../domain/applications';
import { createSubject } from '../domain/subjects';
import type { ServiceContext } from '../processing/context';
import { TYPE_MODULES } from '../types/registry';
import type { TypeModule } from '../types/type-module';
import { DEMO_PALETTE, demoCustomFields, type DemoSubjectName } from '../vision/demo';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

/**
 * The demo applications may schedule this many feedback requests an hour (the system's rate is 120): someone
 * trying the demo, or the end-to-end tests, may well answer more than that.
 */
export const DEMO_FEEDBACK_PER_HOUR = 3600;

export interface DemoApplicationSet {
  /** The application id of each labellable type. */
  applicationIds: Record<LabellableType, string>;
  /** The input subject (a camera) of each application. */
  inputSubjectUids: Record<LabellableType, string>;
}

async function findOrCreateSubject(ctx: ServiceContext, tenantId: string, name: string, description: string): Promise<string> {
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
  { type, demo: { application: demo } }: TypeModule,
  inputSubjectUid: string,
  uidByName: Record<string, string>,
): Promise<string> {
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
      detection_thresholds: Object.fromEntries(outputSubjects.map((uid) => [uid, 0.5])),
      app_managers: [DEMO_ACCOUNTS.manager.email],
      requested_feedback_per_hour: DEMO_FEEDBACK_PER_HOUR,
      custom_fields: demoCustomFields(demo, uidByName),
    },
    { allowSpecialTypes: false },
  );
  return created.application_id;
}

/**
 * One application of each labellable type in the demo tenant, managed by the demo manager, each fed by its own
 * camera subject (the demo feeder uploads synthetic scenes to it, see feeder.ts). Whatever exists already (matched
 * by name) is kept; demo applications made before they had a rate of their own get DEMO_FEEDBACK_PER_HOUR.
 */
export async function seedApplications(ctx: ServiceContext, identity: DemoIdentity): Promise<DemoApplicationSet> {
  const tenantId = identity.tenantIds.demoLab;
  const uidByName: Record<string, string> = {};
  for (const name of Object.keys(DEMO_PALETTE) as DemoSubjectName[]) {
    uidByName[name] = await findOrCreateSubject(ctx, tenantId, name, `A ${name} on the demo conveyor belt.`);
  }

  const applicationIds = {} as Record<LabellableType, string>;
  const inputSubjectUids = {} as Record<LabellableType, string>;
  for (const module of TYPE_MODULES) {
    const { name } = module.demo.application;
    const description = `Synthetic conveyor scenes for the "${name}" demo application.`;
    const inputSubjectUid = await findOrCreateSubject(ctx, tenantId, `Camera: ${name}`, description);
    inputSubjectUids[module.type] = inputSubjectUid;
    applicationIds[module.type] = await findOrCreateApplication(ctx, tenantId, module, inputSubjectUid, uidByName);
  }
  await ctx.db
    .update(applications)
    .set({ requestedFeedbackPerHour: DEMO_FEEDBACK_PER_HOUR })
    .where(and(inArray(applications.applicationId, Object.values(applicationIds)), isNull(applications.requestedFeedbackPerHour)));
  return { applicationIds, inputSubjectUids };
}
