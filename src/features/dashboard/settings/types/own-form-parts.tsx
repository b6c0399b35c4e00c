import { ApiError } from '../../../../api/errors';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { FormActions } from '../../../../components/form-actions';
import type { useUpdateApplication } from '../update-application';

/** The first message for each setting, from the rule's issues or the service's `custom_fields.<key>` field errors. */
const messagesByKey = (problems: readonly { key: string; message: string }[]) =>
  problems.reduce<Record<string, string>>((byKey, { key, message }) => (byKey[key] ? byKey : { ...byKey, [key]: message }), {});

/** The messages of a rule's issues, by the setting each is about. */
export const issueMessages = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  messagesByKey(issues.map((issue) => ({ key: String(issue.path[0]), message: issue.message })));

/** The service's refusal of custom_fields, by setting; none for another failure (shown whole by the footer). */
export const refusedSettings = (error: unknown) =>
  error instanceof ApiError ? messagesByKey(error.fieldErrors.map(({ field, message }) => ({ key: field.replace(/^custom_fields\./, ''), message }))) : {};

interface OwnFormFooterProps {
  legend: string;
  update: ReturnType<typeof useUpdateApplication>;
  dirty: boolean;
  /** Some problem is shown beside its field: the footer then does not repeat the failure. */
  placed: boolean;
  readOnly: boolean;
}

/** Under a type's own form: why the save failed (where no field says), that it was saved, and the save button. */
export function OwnFormFooter({ legend, update, dirty, placed, readOnly }: OwnFormFooterProps) {
  return (
    <>
      {update.isError && !placed && <Alert>{update.error.message}</Alert>}
      {update.isSuccess && !dirty && <Alert tone="info">{legend} saved.</Alert>}
      {!readOnly && (
        <FormActions>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!dirty}>
            Save {legend.toLowerCase()}
          </Button>
        </FormActions>
      )}
    </>
  );
}
