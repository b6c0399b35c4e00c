import type { LabellableType } from '../../src/api/types';
import { subjectParameters, type ApplicationForModel, type ModelParameters, type SubjectForModel } from '../vision/models/parameters';
import { moduleOf } from './registry';

/** Model parameters of some type: the shared ones, and the type's own beside them, by their names. */
type TypeParameters = ModelParameters & { readonly [own: string]: unknown };

/**
 * The baseline's parameters from an application's `custom_fields` (see docs/models.md) and its output subjects: the
 * subjects' (server/vision/models/parameters.ts), and the type's own (its module's `baselineParameters`).
 */
export function parametersFromApplication(app: ApplicationForModel & { type: LabellableType }, subjects: Record<string, SubjectForModel>): TypeParameters {
  return { ...subjectParameters(app, subjects), ...moduleOf(app.type).baselineParameters?.(app.custom_fields) };
}
