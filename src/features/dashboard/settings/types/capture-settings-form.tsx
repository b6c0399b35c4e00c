import { useState, type FormEvent } from 'react';
import type { z } from '../../../../api/zod';
import { NumberTextField } from '../../../../components/number-text-field';
import { TextField } from '../../../../components/text-field';
import { numberOf } from '../number-text';
import { useUpdateApplication } from '../update-application';
import { issueMessages, OwnFormFooter, refusedSettings } from './own-form-parts';
import type { TypeCreation, TypeFormProps, TypeSettings } from './type-settings';

/** One setting of a capture type: its key in custom_fields and how its field shows it. */
type CaptureField = { key: string; label: string; hint?: string } & (
  | { kind: 'text'; type?: 'url' | 'text'; placeholder?: string }
  | { kind: 'number'; unit: string; min: number; max: number; default: number }
);

/** A secret setting the service keeps sealed: the field never shows it, custom_fields say only whether one is set. */
interface SecretField {
  key: string;
  setFlag: string;
  label: string;
}

interface CaptureSettings {
  legend: string;
  schema: z.ZodMiniType;
  fields: readonly CaptureField[];
  secret?: SecretField;
}

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The saved settings as text, a missing number at the rule's default (what the service uses when none is saved). */
const savedTexts = ({ fields }: CaptureSettings, customFields: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field.key, textOf(customFields[field.key] ?? (field.kind === 'number' ? field.default : undefined))]));

/** The values the form holds: numbers as numbers; an empty field left out (a number then takes the rule's default). */
const valuesOf = (fields: readonly CaptureField[], texts: Record<string, string>) =>
  Object.fromEntries(
    fields.flatMap((field) => {
      const text = (texts[field.key] ?? '').trim();
      if (text === '') return [];
      return [[field.key, field.kind === 'number' ? numberOf(text) : text]];
    }),
  );

interface CaptureFieldsProps {
  settings: CaptureSettings;
  texts: Record<string, string>;
  onText: (key: string) => (text: string) => void;
  errors: Record<string, string>;
}

/** The capture type's fields (not its secret), as the settings form and the New application dialog show them. */
function CaptureFields({ settings, texts, onText, errors }: CaptureFieldsProps) {
  return settings.fields.map((field) =>
    field.kind === 'number' ? (
      <NumberTextField key={field.key} label={field.label} unit={field.unit} min={field.min} max={field.max} hint={field.hint} step={1} value={texts[field.key] ?? ''} onChange={onText(field.key)} error={errors[field.key]} />
    ) : (
      <TextField
        key={field.key}
        label={field.label}
        hint={field.hint}
        type={field.type ?? 'text'}
        placeholder={field.placeholder}
        spellCheck={false}
        autoComplete="off"
        value={texts[field.key] ?? ''}
        onChange={(event) => onText(field.key)(event.target.value)}
        error={errors[field.key]}
      />
    ),
  );
}

/** What the form sends of the secret: a new one, null to remove it, nothing to keep it. */
function secretPart(secret: SecretField | undefined, typed: string, remove: boolean): Record<string, unknown> {
  if (!secret) return {};
  if (typed !== '') return { [secret.key]: typed };
  return remove ? { [secret.key]: null } : {};
}

/**
 * The settings form of a capture type (a network camera, a feed): checked with the contract's rule, saved into
 * custom_fields with the other keys kept; a secret is sent only when typed or removed.
 */
function CaptureSettingsForm({ application, readOnly, settings }: TypeFormProps & { settings: CaptureSettings }) {
  const saved = savedTexts(settings, application.custom_fields);
  const [texts, setTexts] = useState(saved);
  const [secretText, setSecretText] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateApplication(application.application_id);
  const secretSet = settings.secret ? application.custom_fields[settings.secret.setFlag] === true : false;
  const dirty = settings.fields.some(({ key }) => texts[key] !== saved[key]) || secretText !== '' || removeSecret;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { ...valuesOf(settings.fields, texts), ...secretPart(settings.secret, secretText, removeSecret) };
    const parsed = settings.schema.safeParse(body);
    setErrors(parsed.success ? {} : issueMessages(parsed.error.issues));
    if (!parsed.success) return;
    const kept = Object.fromEntries(Object.entries(application.custom_fields).filter(([key]) => !settings.fields.some((field) => field.key === key)));
    try {
      await update.mutateAsync({ custom_fields: { ...kept, ...body } });
      setSecretText('');
      setRemoveSecret(false);
    } catch (error) {
      setErrors(refusedSettings(error));
    }
  }

  const placed = Object.keys(errors).length > 0;
  // A field typed into again no longer shows the problem the last save found in it.
  const onText = (key: string) => (text: string) => {
    setTexts((old) => ({ ...old, [key]: text }));
    setErrors(({ [key]: _fixed, ...others }) => others);
  };
  return (
    <form className="settings-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={settings.legend}>
      <fieldset className="fieldset form" disabled={readOnly}>
        <legend>{settings.legend}</legend>
        <CaptureFields settings={settings} texts={texts} onText={onText} errors={errors} />
        {settings.secret && (
          <>
            <TextField
              label={settings.secret.label}
              type="password"
              autoComplete="new-password"
              placeholder={secretSet ? 'Saved; type to replace it' : 'None'}
              hint="Kept sealed by the service and never shown again."
              value={secretText}
              onChange={(event) => setSecretText(event.target.value)}
              error={errors[settings.secret.key]}
            />
            {secretSet && (
              <label className="choice">
                <input type="checkbox" checked={removeSecret} onChange={(event) => setRemoveSecret(event.target.checked)} />
                Remove the saved {settings.secret.label.toLowerCase()}
              </label>
            )}
          </>
        )}
      </fieldset>
      <OwnFormFooter legend={settings.legend} update={update} dirty={dirty} placed={placed} readOnly={readOnly} />
    </form>
  );
}

/** What the New application dialog asks of a capture type: its fields at their defaults, and its secret. */
function captureCreation(settings: CaptureSettings): TypeCreation {
  return {
    initial: () => savedTexts(settings, {}),
    Fields: ({ values, onChange, errors }) => (
      <fieldset className="fieldset form">
        <legend>{settings.legend}</legend>
        <CaptureFields settings={settings} texts={values} onText={(key) => (text) => onChange(key, text)} errors={errors} />
        {settings.secret && (
          <TextField
            label={settings.secret.label}
            type="password"
            autoComplete="new-password"
            hint="Kept sealed by the service and never shown again."
            value={values[settings.secret.key] ?? ''}
            onChange={(event) => onChange(settings.secret!.key, event.target.value)}
            error={errors[settings.secret.key]}
          />
        )}
      </fieldset>
    ),
    customFields: (values) => {
      const body = { ...valuesOf(settings.fields, values), ...secretPart(settings.secret, values[settings.secret?.key ?? ''] ?? '', false) };
      const parsed = settings.schema.safeParse(body);
      return parsed.success ? { customFields: body } : { errors: issueMessages(parsed.error.issues) };
    },
  };
}

/** The settings of a capture type: a form of its own, and what the New application dialog asks. */
export const captureSettings = (settings: CaptureSettings): TypeSettings => ({
  OwnForm: (props: TypeFormProps) => <CaptureSettingsForm {...props} settings={settings} />,
  creation: captureCreation(settings),
});
