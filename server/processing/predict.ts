import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import type { ApplicationRow } from '../domain/applications';
import { currentParameters } from '../feedback/release';
import { isImplemented } from '../types/registry';
import { runModel } from '../types/run-model';
import type { ModelProposal } from '../vision/models/proposal';

/** What the application's current model proposes for an image (or its focus); nothing for a type without a model. */
export async function proposalsFor(db: Database, appRow: ApplicationRow, image: Buffer, focus: Focus | null): Promise<ModelProposal[]> {
  const type = appRow.type;
  if (!isImplemented(type)) return [];
  const parameters = await currentParameters(db, appRow);
  return runModel({ type, outputSubjects: appRow.outputSubjects, parameters, image, focus });
}
