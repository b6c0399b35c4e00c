import type { z } from './zod';
import type { FieldError } from './primitives';

/** A dotted field path, such as `subjects.0.app_data.2.box`. */
export const fieldPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** One `{field, message}` per zod issue; an issue of the whole value is reported on `whole`. */
export function fieldErrorsOf(error: z.core.$ZodError, whole: string): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? fieldPath(issue.path) : whole,
    message: issue.message,
  }));
}
