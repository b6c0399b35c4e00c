import type { ApplicationType } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, media, subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import type { MediaRow } from '../domain/media';
import type { BlobStore } from '../media/blob-store';

/** Test data written straight to the tables, so these tests do not depend on the other areas' routes. */
export async function insertSubject(db: Database, tenantId: string, name: string): Promise<string> {
  const uid = newId('sub');
  await db.insert(subjects).values({ subjectUid: uid, tenantId, name, createdBy: 'admin@demo.test', createdAt: 1, modifiedAt: 1 });
  return uid;
}

export async function insertApplication(
  db: Database,
  tenantId: string,
  type: ApplicationType,
  outputSubjects: string[],
  overrides: Partial<typeof applications.$inferInsert> = {},
): Promise<ApplicationRow> {
  const [row] = await db
    .insert(applications)
    .values({
      applicationId: newId('app'),
      tenantId,
      name: `${type} app`,
      type,
      outputSubjects,
      createdBy: 'admin@demo.test',
      createdAt: 1,
      modifiedAt: 1,
      callbackSecret: 'test-callback-secret',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertMedia(
  db: Database,
  tenantId: string,
  size: { width: number; height: number },
  bytes?: { blobs: BlobStore; data: Buffer },
  mediaId: string = newId('med'),
): Promise<MediaRow> {
  const originalKey = bytes ? (await bytes.blobs.put(bytes.data, 'image/png')).key : '0'.repeat(64);
  const [row] = await db
    .insert(media)
    .values({
      mediaId,
      tenantId,
      createdAt: 1,
      mediaTimestamp: 1,
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      mediaFormat: 'png',
      size: bytes?.data.length ?? 100,
      imageWidth: size.width,
      imageHeight: size.height,
      originalKey,
    })
    .returning();
  return row!;
}
