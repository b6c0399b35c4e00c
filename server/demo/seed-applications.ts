import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { LABELLABLE_TYPES, type LabellableType } from '../../src/api/types';
import { assertions, applications, subjects } from '../db/schema';
import { createApplication } from '../domain/applications';
import { insertMedia } from '../domain/media';
import { createSubject } from '../domain/subjects';
import { scheduleDue } from '../feedback/scheduler';
import { storeMedia } from '../media/store-media';
import type { ServiceContext } from '../processing/context';
import { associateMedia, drainProcessing } from '../processing/pipeline';
import { DEMO_APPLICATIONS, DEMO_PALETTE, demoCustomFields, generateDemoSet, type DemoSubjectName } from '../vision/demo';
import { deriveSeed } from '../vision/random';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

export const DEMO_SCENES_PER_APPLICATION = 40;
const DEMO_SCENE_SEED = 20_240_611;

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
  /** Scenes uploaded by this call (0 when all were there). */
  scenesUploaded: number;
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
      custom_fields: demoCustomFields(type, uidByName),
    },
    { allowSpecialTypes: false },
  );
  return created.application_id;
}

/** How many media items were already captured straight to the subject (source-1 assertions). */
async function capturedCount(ctx: ServiceContext, subjectUid: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(assertions)
    .where(and(eq(assertions.subjectUid, subjectUid), isNotNull(assertions.userId), isNull(assertions.appId)));
  return row?.n ?? 0;
}

/** Uploads the scenes of the type that the subject does not have yet; scene n is always the same image. */
async function uploadMissingScenes(ctx: ServiceContext, identity: DemoIdentity, type: LabellableType, subjectUid: string, wanted: number) {
  const present = await capturedCount(ctx, subjectUid);
  if (present >= wanted) return 0;
  const seed = deriveSeed(DEMO_SCENE_SEED, LABELLABLE_TYPES.indexOf(type));
  const scenes = (await generateDemoSet(type, wanted, seed)).slice(present);
  for (const [offset, scene] of scenes.entries()) {
    const stored = await storeMedia(ctx.blobs, scene.image);
    const row = await insertMedia(ctx.db, {
      tenantId: identity.tenantIds.demoLab,
      uploadedBy: DEMO_ACCOUNTS.admin.email,
      stored,
      metaTags: ['demo', type, scene.truth.difficulty],
      details: { filename: `${type}-${String(present + offset + 1).padStart(3, '0')}.${scene.format === 'jpeg' ? 'jpg' : 'png'}` },
    });
    await associateMedia(ctx, {
      tenantId: identity.tenantIds.demoLab,
      mediaId: row.mediaId,
      subjectUid,
      userId: identity.userIds.admin,
    });
  }
  return scenes.length;
}

/**
 * One application of each labellable type in the demo tenant, managed by the demo manager, each fed by its own
 * camera subject with synthetic scenes that the baseline models process, so that every application has feedback
 * requests waiting. Whatever exists already (matched by name) is kept: a restart adds nothing, an interrupted
 * first start is completed.
 */
export async function seedApplications(
  ctx: ServiceContext,
  identity: DemoIdentity,
  scenesPerApplication = DEMO_SCENES_PER_APPLICATION,
): Promise<DemoApplicationSet> {
  const tenantId = identity.tenantIds.demoLab;
  const uidByName: Record<string, string> = {};
  for (const name of Object.keys(DEMO_PALETTE) as DemoSubjectName[]) {
    uidByName[name] = await findOrCreateSubject(ctx, tenantId, name, `A ${name} on the demo conveyor belt.`);
  }

  const applicationIds = {} as Record<LabellableType, string>;
  const inputSubjectUids = {} as Record<LabellableType, string>;
  let scenesUploaded = 0;
  for (const type of LABELLABLE_TYPES) {
    const description = `Synthetic conveyor scenes for the "${DEMO_APPLICATIONS[type].name}" demo application.`;
    inputSubjectUids[type] = await findOrCreateSubject(ctx, tenantId, inputSubjectName(type), description);
    applicationIds[type] = await findOrCreateApplication(ctx, tenantId, type, inputSubjectUids[type], uidByName);
    scenesUploaded += await uploadMissingScenes(ctx, identity, type, inputSubjectUids[type], scenesPerApplication);
  }
  await drainProcessing(ctx);
  await scheduleDue(ctx.db);
  return { applicationIds, inputSubjectUids, scenesUploaded };
}
