import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { lineCrossingSettingsSchema, type CountingLine } from '../../../../api/application-types/line-crossing';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { FormActions } from '../../../../components/form-actions';
import { TextField } from '../../../../components/text-field';
import { recentSubjectMediaQueryOptions } from '../../../../lib/queries/subjects';
import { useUpdateApplication } from '../update-application';
import { LineEditor } from './line-editor';
import type { TypeFormProps, TypeSettings } from './type-settings';

const savedLines = (customFields: Record<string, unknown>): readonly CountingLine[] => lineCrossingSettingsSchema.safeParse(customFields).data?.lines ?? [];

/** The picture to draw on: a recent media item of the application's input subject. */
function useRecentPicture(subjectUid: string | undefined) {
  return useQuery({ ...recentSubjectMediaQueryOptions(subjectUid ?? ''), enabled: subjectUid !== undefined });
}

function LineSettings({ application, readOnly }: TypeFormProps) {
  const saved = savedLines(application.custom_fields);
  const [lines, setLines] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateApplication(application.application_id);
  const picture = useRecentPicture(application.input_subjects[0]);
  const dirty = JSON.stringify(lines) !== JSON.stringify(saved);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = lineCrossingSettingsSchema.safeParse({ lines });
    setErrors(Object.fromEntries(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []));
    if (parsed.success) update.mutate({ custom_fields: { ...application.custom_fields, ...parsed.data } });
  }

  const rename = (index: number, name: string) => setLines(lines.map((line, at) => (at === index ? { ...line, name } : line)));
  const remove = (index: number) => setLines(lines.filter((_, at) => at !== index));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Counting lines">
      <fieldset className="fieldset form" disabled={readOnly}>
        <legend>Counting lines</legend>
        <p className="field__hint">
          Click two points on the picture to add a line; drag its ends, or focus one and use the arrow keys. A track is counted when the bottom
          middle of its box crosses the line, from side A to B or from B to A.
        </p>
        {picture.isPending && application.input_subjects.length > 0 && <p>Loading a picture…</p>}
        {picture.isError && <Alert>The picture could not be loaded: {picture.error.message}</Alert>}
        {(application.input_subjects.length === 0 || picture.data === null) && (
          <Alert tone="info">The input subject has no media yet: lines are drawn on one of its pictures.</Alert>
        )}
        {picture.data && <LineEditor imageUrl={picture.data.media_url} lines={lines} onChange={setLines} disabled={readOnly} />}
        {errors['lines'] && <p className="field__error">{errors['lines']}</p>}
        <ol className="line-list">
          {lines.map((line, index) => (
            <li key={index}>
              <TextField
                label={`Name of line ${index + 1} (${line.start.x}, ${line.start.y} → ${line.end.x}, ${line.end.y})`}
                value={line.name}
                onChange={(event) => rename(index, event.target.value)}
                error={errors[`lines.${index}.name`] ?? errors[`lines.${index}.end`]}
              />
              <Button type="button" onClick={() => remove(index)}>
                Delete {line.name || `line ${index + 1}`}
              </Button>
            </li>
          ))}
        </ol>
      </fieldset>
      {update.isError && <Alert>{update.error.message}</Alert>}
      {update.isSuccess && !dirty && <Alert tone="info">Counting lines saved.</Alert>}
      {!readOnly && (
        <FormActions>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!dirty}>
            Save counting lines
          </Button>
        </FormActions>
      )}
    </form>
  );
}

/** line_crossing: the named lines whose crossings are counted, drawn on a recent picture, in custom_fields. */
export const lineCrossing: TypeSettings = { OwnForm: LineSettings };
