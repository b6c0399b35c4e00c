import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Application, ApplicationInput } from '../../src/api/schemas/application';
import { fieldPath } from '../../src/api/field-errors';
import { type FieldError, SPECIAL_APPLICATION_TYPES } from '../../src/api/types';
import { captureModule, settingsRuleOf } from '../types/registry';
import type { AuthContext } from '../auth/context';
import { refusalOfUrl, type CallbackAddressRules } from '../net/address-rule';
import type { CameraAddressRules } from '../net/camera-address-rule';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, assertions } from '../db/schema';
import { forbidden, invalid, notFound } from '../errors';
import { missingSubjectErrors } from './subjects';
import { saveSecret, withoutSecret } from './capture-secrets';
import { redactSecrets } from '../net/redact';

export type ApplicationRow = typeof applications.$inferSelect;

/** The threshold a callback post and the downstream flow use when a subject has no threshold of its own. */
const DEFAULT_DETECTION_THRESHOLD = 0.5;

export function toApplication(row: ApplicationRow): Application {
  return {
    application_id: row.applicationId,
    tenant_id: row.tenantId,
    name: row.name,
    type: row.type,
    description: row.description,
    input_subjects: row.inputSubjects,
    output_subjects: row.outputSubjects,
    release_metrics: row.releaseMetrics,
    detection_thresholds: row.detectionThresholds,
    detection_post_urls: row.detectionPostUrls,
    gateway_post_urls: row.gatewayPostUrls,
    active: row.active,
    requested_feedback_per_hour: row.requestedFeedbackPerHour,
    refresh_feedback: row.refreshFeedback,
    app_managers: row.appManagers,
    custom_fields: row.customFields,
    hpo_credit: row.hpoCredit,
    created_by: row.createdBy,
    created_at: row.createdAt,
    modified_at: row.modifiedAt,
    system_feedback_per_hour: row.systemFeedbackPerHour,
    replay: row.replay,
    release_model_count: row.releaseModelCount,
    best_model_ccp_filename: row.bestModelCcpFilename,
    candidate_model_count: row.candidateModelCount,
    current_performance: row.currentPerformance,
    last_candidate_at: row.lastCandidateAt,
    last_released_at: row.lastReleasedAt,
    training_data_count: row.trainingDataCount,
    validation_data_count: row.validationDataCount,
    labellers_per_item: row.labellersPerItem,
    consensus_tolerance: row.consensusTolerance,
    gold_rate: row.goldRate,
    quality_flag_below: row.qualityFlagBelow,
    feedback_scope: row.feedbackScope,
  };
}

/** The tenant's application; 404 when it does not exist or belongs to another tenant. */
export async function getApplicationRow(db: Database, tenantId: string, applicationId: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.applicationId, applicationId), eq(applications.tenantId, tenantId)));
  if (!row) throw applicationNotFound();
  return row;
}

export const applicationNotFound = () => notFound('Application not found.');

/** Tenant administrators manage every application; app managers (by email) manage theirs. */
export function canManageApplication(auth: AuthContext, row: ApplicationRow): boolean {
  return auth.role === 'tenant_admin' || row.appManagers.includes(auth.email.toLowerCase());
}

/**
 * Whether the caller may set the subject's detector class: a tenant administrator, or a manager of an application
 * of the tenant that outputs the subject.
 */
export async function canMapSubject(db: Database, auth: AuthContext, uid: string): Promise<boolean> {
  if (auth.role === 'tenant_admin') return true;
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, auth.tenantId), sql`${applications.outputSubjects} @> ${JSON.stringify([uid])}::jsonb`));
  return rows.some((row) => canManageApplication(auth, row));
}

export function requireManageApplication(auth: AuthContext, row: ApplicationRow): void {
  if (!canManageApplication(auth, row)) {
    throw forbidden('Only a tenant administrator or a manager of this application may do this.');
  }
}

/** Active applications of the tenant that have the subject among their input subjects. */
export async function listActiveApplicationsWithInput(db: Database, tenantId: string, subjectUid: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.tenantId, tenantId),
        eq(applications.active, true),
        sql`${applications.inputSubjects} @> ${JSON.stringify([subjectUid])}::jsonb`,
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.applicationId));
}

/** The ids of the tenant's applications that have the subject among their output subjects. */
export async function listApplicationIdsWithOutput(db: Database, tenantId: string, subjectUid: string): Promise<string[]> {
  const rows = await db
    .select({ id: applications.applicationId })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), sql`${applications.outputSubjects} @> ${JSON.stringify([subjectUid])}::jsonb`));
  return rows.map((row) => row.id);
}

/**
 * The subject's own threshold, 0 included (the operator asked for every detection), else
 * {@link DEFAULT_DETECTION_THRESHOLD}: decisions.md's rule for callbacks, which the downstream flow shares.
 */
export function detectionThreshold(row: ApplicationRow, subjectUid: string): number {
  return row.detectionThresholds[subjectUid] ?? DEFAULT_DETECTION_THRESHOLD;
}

export async function listApplications(db: Database, tenantId: string): Promise<Application[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.tenantId, tenantId))
    .orderBy(asc(applications.createdAt), asc(applications.applicationId));
  return rows.map(toApplication);
}

export interface ApplicationRules {
  allowSpecialTypes: boolean;
  /** Where callbacks may go; without it (the demo seed, benchmarks: trusted callers) URLs get only the shape rule. */
  callbackAddresses?: CallbackAddressRules;
  /** Where cameras may be; with callbackAddresses, a capture type's settings are judged by its capture's address rule. */
  cameraAddresses?: CameraAddressRules;
  /** Seals a type's secret setting (a camera's password, capture-secrets.ts); a caller without it gives none. */
  sealingKey?: Buffer;
}

/** The URLs whose targets the address rule forbids, one error each, naming the URL. */
function callbackUrlErrors(input: ApplicationInput, rules: CallbackAddressRules): FieldError[] {
  const lists = { detection_post_urls: input.detection_post_urls, gateway_post_urls: input.gateway_post_urls };
  return Object.entries(lists).flatMap(([field, urls]) =>
    (urls ?? []).flatMap((url, index) => {
      const message = refusalOfUrl(url, rules);
      return message === null ? [] : [{ field: `${field}.${index}`, message }];
    }),
  );
}

/** The settings' addresses a capture of the type would refuse, with the capture's own words (see CaptureModule). */
function captureAddressErrors(type: string, customFields: Record<string, unknown>, rules: ApplicationRules): FieldError[] {
  const module = captureModule(type);
  if (!module || !rules.callbackAddresses || !rules.cameraAddresses) return [];
  const refusals = module.addressRefusals(customFields, { camera: rules.cameraAddresses, callbacks: rules.callbackAddresses });
  // The rule's words name the URL: never with the login it may carry.
  return refusals.map(({ key, message }) => ({ field: `custom_fields.${key}`, message: redactSecrets(message) }));
}

const SPECIAL_TYPES: ReadonlySet<string> = new Set(SPECIAL_APPLICATION_TYPES);

/** One threshold per output subject: the given one, else the one it had, else 0.0. */
function thresholdsFor(outputSubjects: string[], given: Record<string, number>, previous: Record<string, number>) {
  return Object.fromEntries(outputSubjects.map((uid) => [uid, given[uid] ?? previous[uid] ?? 0]));
}

/** The checks that need the tenant's data or the configuration; shapes and ranges are checked at the edge. */
async function fieldErrorsOf(
  db: Database,
  tenantId: string,
  input: ApplicationInput,
  outputSubjects: string[],
  rules: ApplicationRules,
  type: string,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const settings = input.custom_fields === undefined ? undefined : settingsRuleOf(type)?.safeParse(input.custom_fields);
  if (settings?.error) {
    errors.push(...settings.error.issues.map((issue) => ({ field: fieldPath(['custom_fields', ...issue.path]), message: issue.message })));
  } else if (settings && input.custom_fields) {
    errors.push(...captureAddressErrors(type, input.custom_fields, rules));
  }
  if (input.type && SPECIAL_TYPES.has(input.type) && !rules.allowSpecialTypes) {
    errors.push({ field: 'type', message: `The type ${input.type} is available only by special arrangement.` });
  }
  errors.push(...(await missingSubjectErrors(db, tenantId, input.input_subjects ?? [], 'input_subjects')));
  errors.push(...(await missingSubjectErrors(db, tenantId, input.output_subjects ?? [], 'output_subjects')));
  // The contract's URL shape rule ran at the edge; the address rule needs the service's configuration.
  if (rules.callbackAddresses) errors.push(...callbackUrlErrors(input, rules.callbackAddresses));
  for (const uid of Object.keys(input.detection_thresholds ?? {})) {
    if (!outputSubjects.includes(uid)) {
      errors.push({ field: `detection_thresholds.${uid}`, message: `${uid} is not an output subject of the application.` });
    }
  }
  return errors;
}

async function checkInput(db: Database, tenantId: string, input: ApplicationInput, outputSubjects: string[], rules: ApplicationRules, type: string) {
  const errors = await fieldErrorsOf(db, tenantId, input, outputSubjects, rules, type);
  if (errors.length > 0) throw invalid(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
}

const columnsOf = (input: ApplicationInput) => ({
  name: input.name,
  description: input.description,
  inputSubjects: input.input_subjects,
  outputSubjects: input.output_subjects,
  releaseMetrics: input.release_metrics,
  detectionPostUrls: input.detection_post_urls,
  gatewayPostUrls: input.gateway_post_urls,
  active: input.active,
  requestedFeedbackPerHour: input.requested_feedback_per_hour,
  refreshFeedback: input.refresh_feedback,
  appManagers: input.app_managers,
  customFields: input.custom_fields,
  labellersPerItem: input.labellers_per_item,
  consensusTolerance: input.consensus_tolerance,
  goldRate: input.gold_rate,
  qualityFlagBelow: input.quality_flag_below,
  feedbackScope: input.feedback_scope,
});

/** The feedback rate of an application whose `requested_feedback_per_hour` is null. */
export const SYSTEM_FEEDBACK_PER_HOUR = 120;

export type NewApplication = ApplicationInput & Pick<Application, 'name' | 'type'>;

export async function createApplication(
  db: Database,
  tenantId: string,
  createdBy: string,
  input: NewApplication,
  rules: ApplicationRules,
): Promise<Application> {
  const outputSubjects = input.output_subjects ?? [];
  // A type's settings are checked even when none are given: a camera or a feed cannot start without its address.
  await checkInput(db, tenantId, { ...input, custom_fields: input.custom_fields ?? {} }, outputSubjects, rules, input.type);
  const stored = await withoutSecret(db, input.type, input.custom_fields, null, rules.sealingKey);
  const now = Date.now() / 1000;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(applications)
      .values({
        ...columnsOf({ ...input, custom_fields: stored.customFields }),
        applicationId: newId('app'),
        tenantId,
        name: input.name,
        type: input.type,
        detectionThresholds: thresholdsFor(outputSubjects, input.detection_thresholds ?? {}, {}),
        createdBy,
        createdAt: now,
        modifiedAt: now,
        // What the scheduler will use, shown from the start (not 0 until the first media arrive).
        systemFeedbackPerHour: input.requested_feedback_per_hour ?? SYSTEM_FEEDBACK_PER_HOUR,
        callbackSecret: newCallbackSecret(),
      })
      .returning();
    await saveSecret(tx, inserted!.applicationId, stored.secret);
    return inserted!;
  });
  return toApplication(row);
}

/**
 * Applies a partial update. The type is fixed once created (the model is built for it): sending the same
 * type is accepted, another is 400. Thresholds follow the output subjects.
 */
export async function updateApplication(
  db: Database,
  row: ApplicationRow,
  input: ApplicationInput,
  rules: ApplicationRules,
): Promise<Application> {
  if (input.type !== undefined && input.type !== row.type) {
    const message = 'The type of an application cannot change; create a new application instead.';
    throw invalid(`Invalid type: ${message}`, [{ field: 'type', message }]);
  }
  const outputSubjects = input.output_subjects ?? row.outputSubjects;
  await checkInput(db, row.tenantId, { ...input, type: undefined }, outputSubjects, rules, row.type);
  const stored = await withoutSecret(db, row.type, input.custom_fields, row, rules.sealingKey);
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(applications)
      .set({
        ...columnsOf({ ...input, custom_fields: stored.customFields }),
        detectionThresholds: thresholdsFor(outputSubjects, input.detection_thresholds ?? {}, row.detectionThresholds),
        modifiedAt: Date.now() / 1000,
      })
      .where(eq(applications.applicationId, row.applicationId))
      .returning();
    await saveSecret(tx, row.applicationId, stored.secret);
    return changed!;
  });
  return toApplication(updated);
}

/** Deletes the application with its models, detection records, feedback queue, outbox and its own assertions. */
export async function deleteApplication(db: Database, row: ApplicationRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(assertions).where(eq(assertions.appId, row.applicationId));
    await tx.delete(applications).where(eq(applications.applicationId, row.applicationId));
  });
}

const newCallbackSecret = () => randomBytes(32).toString('hex');
