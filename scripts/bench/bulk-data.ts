import { sql } from 'drizzle-orm';
import type { ApplicationType } from '../../src/api/types';
import type { Database } from '../../server/db';
import { createApplication } from '../../server/domain/applications';
import { createSubject } from '../../server/domain/subjects';
import type { BlobStore } from '../../server/media/blob-store';
import { makeImage } from '../../server/media/test-images';
import { storeMedia } from '../../server/media/store-media';

export interface BenchApplication {
  applicationId: string;
  inputSubjectUid: string;
  outputSubjectUids: string[];
}

/** An application of the type with its own input subject and `outputs` output subjects. */
export async function createBenchApplication(
  db: Database,
  tenantId: string,
  type: ApplicationType,
  outputs: number,
  createdBy: string,
): Promise<BenchApplication> {
  const subject = (name: string) => createSubject(db, tenantId, createdBy, { name }).then((created) => created.subject_uid);
  const inputSubjectUid = await subject(`bench ${type} input`);
  const outputSubjectUids: string[] = [];
  for (let index = 0; index < outputs; index += 1) outputSubjectUids.push(await subject(`bench ${type} output ${index + 1}`));
  const app = await createApplication(
    db,
    tenantId,
    createdBy,
    { name: `Bench ${type}`, type, input_subjects: [inputSubjectUid], output_subjects: outputSubjectUids },
    { allowSpecialTypes: false },
  );
  return { applicationId: app.application_id, inputSubjectUid, outputSubjectUids };
}

/**
 * `count` media rows `<prefix>1` ... `<prefix><count>` in one statement, all showing one small stored image, so
 * their URLs work without storing thousands of files.
 */
export async function insertMediaRows(db: Database, blobs: BlobStore, tenantId: string, prefix: string, count: number): Promise<void> {
  const stored = await storeMedia(blobs, await makeImage('jpeg', 320, 240));
  const now = Date.now() / 1000;
  await db.execute(sql`
    INSERT INTO media (media_id, tenant_id, created_at, media_timestamp, md5, media_format, size, image_width, image_height,
                       original_key, variant_keys)
    SELECT ${prefix} || i, ${tenantId}, ${now}, ${now}, ${stored.md5}, ${stored.format}, ${stored.size}, ${stored.width},
           ${stored.height}, ${stored.originalKey}, ${JSON.stringify(stored.variants)}::jsonb
    FROM generate_series(1, ${count}) AS i`);
}
