import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LABELLABLE_TYPES, type LabellableType } from '../../src/api/types';
import { applications, subjects } from '../db/schema';
import { createApplication } from '../domain/applications';
import { createSubject } from '../domain/subjects';
import type { ServiceContext } from '../processing/context';
import { DEMO_APPLICATIONS, DEMO_PALETTE, demoCustomFields, type DemoSubjectName } from '../vision/demo';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

/**
 * The demo applications may schedule this many feedback requests an hour (the system's rate is 120): someone
 * trying the demo, or the end-to-end tests, may well answer more than that.
 */
export const DEMO_FEEDBACK_PER_HOUR = 3600;

/** How to answer, per type, appended to the description of what to label. */
const HOW_TO_LABEL: Record<LabellableType, string> = {
  classification: 'Pick the one kind shown; if the proposal is wrong, choose the right kind instead.',
  detection_fullframe: 'Answer yes or no for each kind of part, including faint ones.',
  box_detection: 'Draw a tight box around each red bolt, also one cut off by the frame edge; answer "none" when there is no red bolt.',
  static_count: 'Count every yellow nut, also one cut off by the frame edge; correct the number when it is wrong.',
  offset_x: 'Drag the line onto the left edge of the washer; answer "none" when there is no washer.',
  offset_y: 'Drag the line onto the liquid surface.',
  point: 'Click the centre of each green dot; remove points that are not on a dot.',
};

export interface DemoApplicationSet {
  /** The application id of each labellable type. */
  applicationIds: Record<LabellableType, string>;
  /** The input subject (a camera) of each application. */
  inputSubjectUids: Record<LabellableType, string>;
}

const inputSubjectName = (type: LabellableType) => `Camera: ${DEMO_APPLICATIONS[type].name}`;

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
  type: LabellableType,
  inputSubjectUid: string,
  uidByName: Record<string, string>,
): Promise<string> {
  const demo = DEMO_APPLICATIONS[type];
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
      description: `${demo.description} ${HOW_TO_LABEL[type]}`,
      input_subjects: [inputSubjectUid],
      output_subjects: outputSubjects,
      detection_thresholds: Object.fromEntries(outputSubjects.map((uid) => [uid, 0.5])),
      app_managers: [DEMO_ACCOUNTS.manager.email],
      requested_feedback_per_hour: DEMO_FEEDBACK_PER_HOUR,
      custom_fields: demoCustomFields(type, uidByName),
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
  for (const type of LABELLABLE_TYPES) {
    const description = `Synthetic conveyor scenes for the "${DEMO_APPLICATIONS[type].name}" demo application.`;
    inputSubjectUids[type] = await findOrCreateSubject(ctx, tenantId, inputSubjectName(type), description);
    applicationIds[type] = await findOrCreateApplication(ctx, tenantId, type, inputSubjectUids[type], uidByName);
  }
  await ctx.db
    .update(applications)
    .set({ requestedFeedbackPerHour: DEMO_FEEDBACK_PER_HOUR })
    .where(and(inArray(applications.applicationId, Object.values(applicationIds)), isNull(applications.requestedFeedbackPerHour)));
  return { applicationIds, inputSubjectUids };
}
