import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import type { ApplicationRow } from '../domain/applications';
import { currentParameters } from '../feedback/release';
import { isImplemented } from '../types/registry';
import { runModel } from '../types/run-model';
import type { FoundObject } from '../vision/exemplars/like-exemplars';
import type { ModelProposal } from '../vision/models/proposal';

/**
 * What the application's current model proposes for an image (or its focus); nothing for a type without a model.
 * `found`: per subject, the objects exemplars found in this image, which that subject's proposal is made of.
 */
export async function proposalsFor(
  db: Database,
  appRow: ApplicationRow,
  image: Buffer,
  focus: Focus | null,
  found?: Record<string, readonly FoundObject[]>,
): Promise<ModelProposal[]> {
  const type = appRow.type;
  if (!isImplemented(type)) return [];
  const current = await currentParameters(db, appRow);
  const parameters = found ? { ...current, found_objects: found } : current;
  return runModel({ type, outputSubjects: appRow.outputSubjects, parameters, image, focus });
}
