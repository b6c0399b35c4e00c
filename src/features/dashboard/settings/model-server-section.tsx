import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { MODEL_SERVER_TIMEOUT, MODEL_SOURCES, modelServerSettingsSchema, type ModelServer, type ModelServerSettingsInput, type ModelSource } from '../../../api/schemas/model-server';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { NumberTextField } from '../../../components/number-text-field';
import { Field, TextField } from '../../../components/text-field';
import { useModelServer, useRemoveModelServer, useSaveModelServer, useTestModelServer } from '../models/model-server-queries';
import { formatDateTime } from '../shared/format-time';
import { numberOf } from './number-text';

const SOURCE_LABELS: Record<ModelSource, string> = { built_in: 'Built-in model only', server: 'Model server only', both: 'Both' };
const STATE_LABELS: Record<ModelServer['state'], string> = {
  unknown: 'Checking…',
  connected: 'Connected',
  error: 'Error',
  timed_out: 'Timed out',
  unreachable: 'Unreachable',
  circuit_open: 'Paused after repeated failures',
};

interface Draft {
  url: string;
  authHeader: string;
  removeAuth: boolean;
  timeout: string;
  interactive: boolean;
  extraParams: string;
  source: ModelSource;
}

const draftOf = (server: ModelServer | null): Draft => ({
  url: server?.url ?? '',
  authHeader: '',
  removeAuth: false,
  timeout: String(server?.timeout_seconds ?? MODEL_SERVER_TIMEOUT.default),
  interactive: server?.interactive ?? false,
  extraParams: server && Object.keys(server.extra_params).length > 0 ? JSON.stringify(server.extra_params, null, 2) : '',
  source: server?.model_source ?? 'server',
});

/** The body the draft makes, or the problems with it by field. */
function bodyOf(draft: Draft): { body: ModelServerSettingsInput } | { errors: Record<string, string> } {
  let extra: unknown = {};
  if (draft.extraParams.trim() !== '') {
    try {
      extra = JSON.parse(draft.extraParams);
    } catch {
      return { errors: { extra_params: 'Give the extra params as a JSON object, e.g. {"conf": 0.4}.' } };
    }
  }
  const body = {
    url: draft.url.trim(),
    ...(draft.authHeader !== '' ? { auth_header: draft.authHeader } : draft.removeAuth ? { auth_header: null } : {}),
    timeout_seconds: numberOf(draft.timeout),
    interactive: draft.interactive,
    extra_params: extra,
    model_source: draft.source,
  };
  const parsed = modelServerSettingsSchema.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  return { errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
}

function ServerStatus({ server }: { server: ModelServer }) {
  return (
    <dl className="facts" aria-label="Model server status">
      <dt>Status</dt>
      <dd>{STATE_LABELS[server.state]}</dd>
      <dt>Model version</dt>
      <dd>{server.model_version ?? '—'}</dd>
      <dt>Last checked</dt>
      <dd>{server.last_checked_at === null ? '—' : formatDateTime(server.last_checked_at)}</dd>
      {server.last_error && (
        <>
          <dt>Last error</dt>
          <dd className="field__error">{server.last_error}</dd>
        </>
      )}
      {server.dropped_note && (
        <>
          <dt>Last predictions</dt>
          <dd>{server.dropped_note}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The application's own model server, any server speaking Label Studio's ML backend protocol: its URL, the auth
 * header it expects (sent only when typed or removed, never shown), its timeout, whether the workspace's click-to-box
 * asks it, extra params, and which model proposes. Test asks the service to check it; the status says how it went.
 */
export function ModelServerSection({ appId, readOnly }: { appId: string; readOnly: boolean }) {
  const server = useModelServer(appId, !readOnly);
  if (readOnly || server.isPending) return null;
  if (server.isError) return <Alert>{server.error.message}</Alert>;
  return <ModelServerForm key={server.data?.url ?? 'none'} appId={appId} server={server.data} />;
}

function ModelServerForm({ appId, server }: { appId: string; server: ModelServer | null }) {
  const [draft, setDraft] = useState(() => draftOf(server));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveModelServer(appId);
  const test = useTestModelServer(appId);
  const remove = useRemoveModelServer(appId);
  const set = (changes: Partial<Draft>) => setDraft((old) => ({ ...old, ...changes }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const made = bodyOf(draft);
    if ('errors' in made) return setErrors(made.errors);
    setErrors({});
    try {
      await save.mutateAsync(made.body);
      set({ authHeader: '', removeAuth: false });
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.fieldErrors.map(({ field, message }) => [field.replace(/^body\./, ''), message])));
    }
  }

  const placed = Object.keys(errors).length > 0;
  return (
    <form className="settings-form" aria-label="Model server" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <fieldset className="fieldset form">
        <legend>Model server</legend>
        <p className="muted">Any server that speaks Label Studio’s ML backend protocol (YOLO, SAM, Grounding DINO, your own): it is sent each new image and each answer.</p>
        <TextField label="URL" type="url" placeholder="http://gpu-box:9090" spellCheck={false} autoComplete="off" value={draft.url} onChange={(event) => set({ url: event.target.value })} error={errors.url} />
        <TextField
          label="Auth header"
          type="password"
          autoComplete="new-password"
          placeholder={server?.auth_set ? 'Saved; type to replace it' : 'None (e.g. Bearer …)'}
          hint="The whole Authorization value; kept sealed by the service and never shown again."
          value={draft.authHeader}
          onChange={(event) => set({ authHeader: event.target.value })}
          error={errors.auth_header}
        />
        {server?.auth_set && (
          <label className="choice">
            <input type="checkbox" checked={draft.removeAuth} onChange={(event) => set({ removeAuth: event.target.checked })} />
            Remove the saved auth header
          </label>
        )}
        <NumberTextField label="Timeout" unit="seconds" min={MODEL_SERVER_TIMEOUT.min} max={MODEL_SERVER_TIMEOUT.max} step={1} value={draft.timeout} onChange={(timeout) => set({ timeout })} error={errors.timeout_seconds} />
        <Field label="Proposals from" htmlFor="model-source">
          <select id="model-source" className="select" value={draft.source} onChange={(event) => set({ source: event.target.value as ModelSource })}>
            {MODEL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {SOURCE_LABELS[source]}
              </option>
            ))}
          </select>
        </Field>
        <label className="choice">
          <input type="checkbox" checked={draft.interactive} onChange={(event) => set({ interactive: event.target.checked })} />
          Interactive: a click or rough box in the workspace asks the server for the box
        </label>
        <Field label="Extra params (JSON)" htmlFor="model-extra">
          <textarea id="model-extra" className="textarea" rows={3} spellCheck={false} value={draft.extraParams} onChange={(event) => set({ extraParams: event.target.value })} />
          {errors.extra_params && <p className="field__error">{errors.extra_params}</p>}
        </Field>
        {server && <ServerStatus server={server} />}
      </fieldset>
      {save.isError && !placed && <Alert>{save.error.message}</Alert>}
      {(test.isError || remove.isError) && <Alert>{(test.error ?? remove.error)?.message}</Alert>}
      <FormActions>
        {server && (
          <>
            <Button type="button" variant="ghost" busy={remove.isPending} onClick={() => remove.mutate()}>
              Disconnect
            </Button>
            <Button type="button" busy={test.isPending} onClick={() => test.mutate()}>
              Test
            </Button>
          </>
        )}
        <Button type="submit" variant="primary" busy={save.isPending} disabled={draft.url.trim() === ''}>
          {server ? 'Save model server' : 'Connect'}
        </Button>
      </FormActions>
    </form>
  );
}
