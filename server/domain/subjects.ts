import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DetectorClassSetting } from '../../src/api/detector/classes';
import type { FieldError } from '../../src/api/types';
import type { Subject } from '../../src/api/schemas/subjects';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, assertions, subjects } from '../db/schema';
import { conflict, notFound } from '../errors';

export type SubjectRow = typeof subjects.$inferSelect;

export function toSubject(row: SubjectRow): Subject {
  return {
    subject_uid: row.subjectUid,
    name: row.name,
    description: row.description,
    detector_class: row.detectorClass ?? null,
    tenant_id: row.tenantId,
    created_by: row.createdBy,
    created_at: row.createdAt,
    modified_at: row.modifiedAt,
  };
}

/** The tenant's subject; 404 when it does not exist or belongs to another tenant. */
export async function getSubjectRow(db: Database, tenantId: string, uid: string): Promise<SubjectRow> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.subjectUid, uid), eq(subjects.tenantId, tenantId)));
  if (!row) throw notFound('Subject not found.');
  return row;
}

/** The uids among `uids` that are not subjects of the tenant, as field errors `<field>.<index>`. */
export async function missingSubjectErrors(db: Database, tenantId: string, uids: readonly string[], field: string): Promise<FieldError[]> {
  if (uids.length === 0) return [];
  const found = await db
    .select({ uid: subjects.subjectUid })
    .from(subjects)
    .where(and(eq(subjects.tenantId, tenantId), inArray(subjects.subjectUid, [...uids])));
  const known = new Set(found.map((row) => row.uid));
  return uids.flatMap((uid, index) =>
    known.has(uid) ? [] : [{ field: `${field}.${index}`, message: `There is no subject ${uid} in this tenant.` }],
  );
}

export async function listSubjects(db: Database, tenantId: string): Promise<Subject[]> {
  const rows = await db
    .select()
    .from(subjects)
    .where(eq(subjects.tenantId, tenantId))
    .orderBy(asc(subjects.name), asc(subjects.subjectUid));
  return rows.map(toSubject);
}

export interface SubjectChanges {
  name?: string;
  description?: string;
  detectorClass?: DetectorClassSetting;
}


export async function createSubject(
  db: Database,
  tenantId: string,
  createdBy: string,
  input: { name: string; description?: string; detector_class?: DetectorClassSetting },
): Promise<Subject> {
  const now = Date.now() / 1000;
  const [row] = await db
    .insert(subjects)
    .values({
      subjectUid: newId('sub'),
      tenantId,
      name: input.name,
      description: input.description ?? '',
      detectorClass: input.detector_class ?? null,
      createdBy,
      createdAt: now,
      modifiedAt: now,
    })
    .returning();
  return toSubject(row!);
}

export async function updateSubject(db: Database, tenantId: string, uid: string, changes: SubjectChanges): Promise<Subject> {
  const [row] = await db
    .update(subjects)
    .set({ ...changes, modifiedAt: Date.now() / 1000 })
    .where(and(eq(subjects.subjectUid, uid), eq(subjects.tenantId, tenantId)))
    .returning();
  if (!row) throw notFound('Subject not found.');
  return toSubject(row);
}

const usesSubject = (uid: string) => {
  const asArray = JSON.stringify([uid]);
  return or(
    sql`${applications.inputSubjects} @> ${asArray}::jsonb`,
    sql`${applications.outputSubjects} @> ${asArray}::jsonb`,
  );
};

/**
 * Deletes the subject and every assertion about it. Refused with 409 while an application names it among its
 * input or output subjects: removing it there first is a deliberate act, not a side effect.
 */
export async function deleteSubject(db: Database, tenantId: string, uid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const subject = await getSubjectRow(tx, tenantId, uid);
    const users = await tx
      .select({ name: applications.name })
      .from(applications)
      .where(and(eq(applications.tenantId, tenantId), usesSubject(uid)))
      .orderBy(asc(applications.name));
    if (users.length > 0) {
      const names = users.map((app) => app.name).join(', ');
      throw conflict(`The subject ${subject.name} is used by the application(s) ${names}; remove it from them first.`);
    }
    await tx.delete(assertions).where(and(eq(assertions.tenantId, tenantId), eq(assertions.subjectUid, uid)));
    await tx.delete(subjects).where(eq(subjects.subjectUid, uid));
  });
}
