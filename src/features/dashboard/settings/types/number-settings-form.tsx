import { useState, type FormEvent } from 'react';
import type { z } from '../../../../api/zod';
import { NumberTextField } from '../../../../components/number-text-field';
import { numberOf } from '../number-text';
import { useUpdateApplication } from '../update-application';
import { issueMessages, OwnFormFooter, refusedSettings } from './own-form-parts';
import type { TypeFormProps, TypeSettings } from './type-settings';

/** One number of a type's settings: its key in custom_fields and how the field shows it. */
interface NumberSetting {
  key: string;
  label: string;
  unit?: string;
  min: number;
  max: number;
  step?: number | 'any';
  hint?: string;
}

/** A type's settings that are all numbers: the contract's rule of them, and each field. */
interface NumberSettings {
  legend: string;
  schema: z.ZodMiniType<Record<string, number>>;
  fields: readonly NumberSetting[];
}

/** The saved settings as text, each missing (or stored before the rule) at the rule's default. */
function savedTexts({ schema, fields }: NumberSettings, customFields: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(customFields);
  const values = parsed.success ? parsed.data : schema.parse({});
  return Object.fromEntries(fields.map(({ key }) => [key, String(values[key])]));
}

/**
 * The form of a type's number settings on the settings page: checked with the contract's rule before saving, saved
 * into the application's custom_fields (other keys kept), with each problem shown beside its field.
 */
function NumberSettingsForm({ application, readOnly, settings }: TypeFormProps & { settings: NumberSettings }) {
  const saved = savedTexts(settings, application.custom_fields);
  const [texts, setTexts] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateApplication(application.application_id);
  const dirty = settings.fields.some(({ key }) => texts[key] !== saved[key]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = settings.schema.safeParse(Object.fromEntries(settings.fields.map(({ key }) => [key, numberOf(texts[key] ?? '')])));
    setErrors(parsed.success ? {} : issueMessages(parsed.error.issues));
    if (!parsed.success) return;
    try {
      await update.mutateAsync({ custom_fields: { ...application.custom_fields, ...parsed.data } });
    } catch (error) {
      setErrors(refusedSettings(error));
    }
  }

  const placed = Object.keys(errors).length > 0;
  return (
    <form className="form settings-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={settings.legend}>
      <fieldset className="fieldset number-settings" disabled={readOnly}>
        <legend>{settings.legend}</legend>
        {settings.fields.map(({ key, ...field }) => (
          <NumberTextField key={key} {...field} value={texts[key] ?? ''} onChange={(text) => setTexts((old) => ({ ...old, [key]: text }))} error={errors[key]} />
        ))}
      </fieldset>
      <OwnFormFooter legend={settings.legend} update={update} dirty={dirty} placed={placed} readOnly={readOnly} />
    </form>
  );
}

/** The settings of a type whose own settings are all numbers: a form of its own with a field for each. */
export const numberSettings = (settings: NumberSettings): TypeSettings => ({
  OwnForm: (props: TypeFormProps) => <NumberSettingsForm {...props} settings={settings} />,
});
