import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { fieldErrorsOf } from '../../../api/field-errors';
import { type Application, createApplicationBody } from '../../../api/schemas/application';
import { STANDARD_APPLICATION_TYPES, takesInputSubjects, type ApplicationType } from '../../../api/types';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { Field, TextField } from '../../../components/text-field';
import { useCreateApplication } from './create-application';
import { useSubjects } from '../../../lib/queries/subjects';
import { fieldErrorsByName, type FieldErrors } from '../shared/field-errors';
import { SubjectPicker } from '../shared/subject-picker';
import { TYPE_SETTINGS } from '../settings/types/registry';

/** The service's refusals of custom_fields, by the setting's own key (as the type's fields show them). */
const settingErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => (field.startsWith('custom_fields.') ? [[field.slice('custom_fields.'.length), message]] : [])));

export interface CreateApplicationDialogProps {
  tenantId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (application: Application) => void;
}

export function CreateApplicationDialog({ tenantId, open, onClose, onCreated }: CreateApplicationDialogProps) {
  const subjects = useSubjects(tenantId);
  const create = useCreateApplication();
  const [name, setName] = useState('');
  const [type, setType] = useState<ApplicationType>('detection_fullframe');
  const creation = TYPE_SETTINGS[type].creation;
  const [typeValues, setTypeValues] = useState<Record<string, string>>({});
  const [typeErrors, setTypeErrors] = useState<FieldErrors>({});
  const takesInput = takesInputSubjects(type);
  const [description, setDescription] = useState('');
  const [inputSubjects, setInputSubjects] = useState<string[]>([]);
  const [outputSubjects, setOutputSubjects] = useState<string[]>([]);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const serviceErrors = create.error instanceof ApiError ? fieldErrorsByName(create.error.fieldErrors) : {};
  const errors = { ...serviceErrors, ...localErrors };

  function chooseType(next: ApplicationType) {
    setType(next);
    setTypeValues(TYPE_SETTINGS[next].creation?.initial() ?? {});
    setTypeErrors({});
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const settings = creation?.customFields(typeValues);
    const body = {
      name: name.trim(),
      type,
      description,
      input_subjects: takesInput ? inputSubjects : [],
      output_subjects: outputSubjects,
      ...(settings && 'customFields' in settings ? { custom_fields: settings.customFields } : {}),
    };
    const checked = createApplicationBody.safeParse(body);
    setLocalErrors(checked.success ? {} : fieldErrorsByName(fieldErrorsOf(checked.error, 'application')));
    setTypeErrors(settings && 'errors' in settings ? settings.errors : {});
    if (!checked.success || (settings && 'errors' in settings)) return;
    try {
      const application = await create.mutateAsync(body);
      onCreated(application);
    } catch {
      // shown from create.error
    }
  }

  return (
    <Dialog open={open} title="New application" onClose={onClose}>
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label="Name" value={name} required onChange={(e) => setName(e.target.value)} error={errors.name} />
        <Field label="Type" htmlFor="new-app-type">
          <select id="new-app-type" className="select" value={type} onChange={(e) => chooseType(e.target.value as ApplicationType)}>
            {STANDARD_APPLICATION_TYPES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {errors.type && <p className="field__error">{errors.type}</p>}
        </Field>
        <Field label="Description" htmlFor="new-app-description">
          <textarea id="new-app-description" className="textarea" value={description} onChange={(e) => setDescription(e.target.value)} />
          {errors.description && <p className="field__error">{errors.description}</p>}
        </Field>
        {creation && (
          <creation.Fields
            values={typeValues}
            onChange={(key, text) => {
              setTypeValues((values) => ({ ...values, [key]: text }));
              setTypeErrors(({ [key]: _fixed, ...others }) => others);
            }}
            errors={{ ...settingErrors(serviceErrors), ...typeErrors }}
          />
        )}
        {takesInput ? (
          <SubjectPicker
            legend="Input subjects"
            subjects={subjects.data ?? []}
            selected={inputSubjects}
            onChange={setInputSubjects}
            error={errors.input_subjects}
          />
        ) : (
          <p className="field__hint">
            It brings its own images, so it takes no input subjects: each image it captures is stored as media of its output
            subjects, which the applications taking them as input then work on.
          </p>
        )}
        <SubjectPicker
          legend="Output subjects"
          subjects={subjects.data ?? []}
          selected={outputSubjects}
          onChange={setOutputSubjects}
          error={errors.output_subjects}
        />
        {subjects.isError && <Alert>{subjects.error.message}</Alert>}
        {create.isError && Object.keys(errors).length === 0 && <Alert>{create.error.message}</Alert>}
        <FormActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
            Create application
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
