import { useState, type FormEvent } from 'react';
import { ocrSettingsOf, ocrSettingsSchema, PAGE_MODES, type PageMode } from '../../../../api/application-types/ocr';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { FormActions } from '../../../../components/form-actions';
import { Field, TextField } from '../../../../components/text-field';
import { useUpdateApplication } from '../update-application';
import type { TypeFormProps, TypeSettings } from './type-settings';

const PAGE_MODE_LABELS: Record<PageMode, string> = { single_line: 'One line of text', block: 'A block of lines' };

function ReadingSettings({ application, readOnly }: TypeFormProps) {
  const saved = ocrSettingsOf(application.custom_fields);
  const [characterSet, setCharacterSet] = useState(saved.character_set);
  const [pageMode, setPageMode] = useState<PageMode>(saved.page_mode);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateApplication(application.application_id);
  const dirty = characterSet !== saved.character_set || pageMode !== saved.page_mode;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ocrSettingsSchema.safeParse({ character_set: characterSet, page_mode: pageMode });
    setError(parsed.error?.issues[0]?.message);
    if (parsed.success) update.mutate({ custom_fields: { ...application.custom_fields, ...parsed.data } });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Reading">
      <fieldset className="fieldset form" disabled={readOnly}>
        <legend>Reading</legend>
        <TextField
          label="Characters to read"
          hint="Every character the text may hold, without spaces (the reader never reads any other)."
          value={characterSet}
          onChange={(event) => setCharacterSet(event.target.value)}
          error={error}
          spellCheck={false}
        />
        <Field label="Layout of the text" htmlFor="page-mode">
          <select id="page-mode" className="select" value={pageMode} onChange={(event) => setPageMode(event.target.value as PageMode)}>
            {PAGE_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {PAGE_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      {update.isError && <Alert>{update.error.message}</Alert>}
      {update.isSuccess && !dirty && <Alert tone="info">Reading settings saved.</Alert>}
      {!readOnly && (
        <FormActions>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!dirty}>
            Save reading settings
          </Button>
        </FormActions>
      )}
    </form>
  );
}

/** ocr: which characters the reader reads and how the text is laid out, kept in the application's custom_fields. */
export const ocr: TypeSettings = { OwnForm: ReadingSettings };
