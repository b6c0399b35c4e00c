import type { ApplicationType } from '../../src/api/types';
import type { Database } from '../../server/db';
import { createApplication } from '../../server/domain/applications';
import { createSubject } from '../../server/domain/subjects';

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
