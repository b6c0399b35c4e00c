import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/errors';
import { answerRuleOf } from '../../../api/application-types';
import { takesInputSubjects } from '../../../api/types';
import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';
import { useCallerRole } from '../shared/caller-role';
import { useSubjectNames, useSubjects } from '../../../lib/queries/subjects';
import { useUpdateApplication } from './update-application';
import { FeedbackSettings } from './feedback-settings';
import { GoldSettings } from './gold-settings';
import { SubjectModelFields } from './subject-model-fields';
import { ListEditor } from './list-editor';
import { SubjectPicker } from '../shared/subject-picker';
import { ThresholdField } from './threshold-field';
import { TYPE_SETTINGS } from './types/registry';
import { fieldErrorsByName, type FieldErrors } from '../shared/field-errors';
import { changedSettings, formFromApplication, validateSettings, type SettingsForm } from './settings-form';
import { Field } from '../../../components/text-field';
import { ModelServerSection } from './model-server-section';

interface SettingsEditorProps {
  tenantId: string;
  application: Application;
  readOnly: boolean;
}

function SettingsEditor({ tenantId, application, readOnly }: SettingsEditorProps) {
  const [form, setForm] = useState<SettingsForm>(() => formFromApplication(application));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateApplication(application.application_id);
  const subjects = useSubjects(tenantId);
  const subjectName = useSubjectNames(tenantId);
  const set = (changes: Partial<SettingsForm>) => {
    setForm((old) => ({ ...old, ...changes }));
    setSaved(false);
  };
  const rule = answerRuleOf(application.type);
  const changes = changedSettings(application, form);
  const dirty = Object.keys(changes).length > 0;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = validateSettings(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !dirty) return;
    try {
      const updated = await update.mutateAsync(changes);
      setForm(formFromApplication(updated));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsByName(error.fieldErrors));
    }
  }

  const unplacedError = update.isError && Object.keys(errors).length === 0;
  return (
    <form className="form settings-form" aria-label="Settings" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <fieldset className="form" disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <label className="choice">
          <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
          Active (processes media{rule ? ' and asks for feedback' : ''})
        </label>
        {errors.active && <p className="field__error">{errors.active}</p>}
        <Field label="Description" htmlFor="settings-description">
          <textarea
            id="settings-description"
            className="textarea"
            value={form.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'settings-description-error' : undefined}
            onChange={(e) => set({ description: e.target.value })}
          />
          {errors.description && (
            <p id="settings-description-error" className="field__error">
              {errors.description}
            </p>
          )}
        </Field>
        {form.typeFields?.fields(errors, (typeFields) => set({ typeFields }))}
        {rule && <FeedbackSettings appId={application.application_id} form={form} errors={errors} set={set} measure={rule.measure} />}
        {rule && <GoldSettings appId={application.application_id} readOnly={readOnly} form={form} errors={errors} set={set} />}
        <fieldset className="fieldset">
          <legend>Detection thresholds</legend>
          {form.output_subjects.length === 0 && <p className="muted">Choose output subjects to set their thresholds.</p>}
          {form.output_subjects.map((uid) => (
            <ThresholdField
              key={uid}
              label={subjectName(uid)}
              value={form.detection_thresholds[uid] ?? 0}
              onChange={(value) => set({ detection_thresholds: { ...form.detection_thresholds, [uid]: value } })}
              error={errors[`detection_thresholds.${uid}`]}
            />
          ))}
          {errors.detection_thresholds && <p className="field__error">{errors.detection_thresholds}</p>}
        </fieldset>
        <ListEditor
          legend="Detection post URLs"
          itemLabel="URL"
          inputType="url"
          values={form.detection_post_urls}
          onChange={(detection_post_urls) => set({ detection_post_urls })}
          errorAt={(index) => errors[`detection_post_urls.${index}`]}
          error={errors.detection_post_urls}
          readOnly={readOnly}
        />
        <ListEditor
          legend="App managers"
          itemLabel="Email"
          inputType="email"
          values={form.app_managers}
          onChange={(app_managers) => set({ app_managers })}
          errorAt={(index) => errors[`app_managers.${index}`]}
          error={errors.app_managers}
          readOnly={readOnly}
        />
        {takesInputSubjects(application.type) && (
          <SubjectPicker
            legend="Input subjects"
            subjects={subjects.data ?? []}
            selected={form.input_subjects}
            onChange={(input_subjects) => set({ input_subjects })}
            disabled={readOnly}
            error={errors.input_subjects}
          />
        )}
        <SubjectPicker
          legend="Output subjects"
          subjects={subjects.data ?? []}
          selected={form.output_subjects}
          onChange={(output_subjects) => set({ output_subjects })}
          disabled={readOnly}
          error={errors.output_subjects}
        />
      </fieldset>
      {unplacedError && <Alert>{update.error.message}</Alert>}
      {update.isError && !unplacedError && <Alert>Some settings were not accepted; see the messages beside them.</Alert>}
      {saved && <Alert tone="info">Settings saved.</Alert>}
      {!readOnly && (
        <FormActions>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!dirty}>
            Save settings
          </Button>
        </FormActions>
      )}
    </form>
  );
}

function OutputSubjectMapping({ tenantId, application, readOnly }: SettingsEditorProps) {
  const subjects = useSubjects(tenantId);
  const outputs = (subjects.data ?? []).filter((subject) => application.output_subjects.includes(subject.subject_uid));
  return <SubjectModelFields application={application} subjects={outputs} readOnly={readOnly} />;
}

/** Whether the type's model finds its output subjects by what sees each (pipeline and sequence types have no such model). */
const modelSeesSubjects = (type: string) => {
  const rule = answerRuleOf(type);
  return rule !== undefined && rule.seesSubjects !== false;
};

/** One sentence for the people who see the settings read-only: who can change them. */
export function whoCanChange(application: Application): string {
  const managers = application.app_managers.length > 0 ? ` (${application.app_managers.join(', ')})` : '';
  return `Read-only for you: tenant administrators and this application’s managers${managers} can change these settings.`;
}

/** The application's settings: editable by its managers and tenant admins, read-only for everyone else. */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const application = useApplication(appId);
  const role = useCallerRole(tenantId);

  if (application.isPending || role.isPending) return <Spinner label="Loading settings…" />;
  if (application.isError) return <Alert>{application.error.message}</Alert>;
  const readOnly = !role.canManage(application.data);
  const { OwnForm } = TYPE_SETTINGS[application.data.type];
  return (
    <>
      <PageHeader title={`Settings · ${application.data.name}`} />
      {readOnly && (
        <div className="settings-notice">
          <Alert tone="info">{whoCanChange(application.data)}</Alert>
        </div>
      )}
      <SettingsEditor tenantId={tenantId} application={application.data} readOnly={readOnly} />
      {OwnForm && <OwnForm application={application.data} readOnly={readOnly} />}
      {modelSeesSubjects(application.data.type) && <OutputSubjectMapping tenantId={tenantId} application={application.data} readOnly={readOnly} />}
      {answerRuleOf(application.data.type) && <ModelServerSection appId={application.data.application_id} readOnly={readOnly} />}
    </>
  );
}
