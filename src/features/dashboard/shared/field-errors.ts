import type { FieldError } from '../../../api/types';

/** Error messages by field name: `description`, `app_managers.1`, `detection_thresholds.<subject_uid>`, … */
export type FieldErrors = Record<string, string>;

/** The service's field errors by name; `list[2]` is read as `list.2` so that both spellings find their row. */
export function fieldErrorsByName(errors: readonly FieldError[]): FieldErrors {
  const byName: FieldErrors = {};
  for (const { field, message } of errors) {
    const name = field.replace(/\[(\w+)\]/g, '.$1');
    byName[name] = byName[name] ? `${byName[name]} ${message}` : message;
  }
  return byName;
}
