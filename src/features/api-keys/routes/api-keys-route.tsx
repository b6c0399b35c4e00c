import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ApiKey, CreatedApiKey } from '../../../api/schemas/api-keys';
import { API_KEY_DESCRIPTION_MAX } from '../../../api/limits';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session/session-store';
import { apiKeysQueryOptions, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import './api-keys.css';

const labelOf = (key: ApiKey) => key.description || key.key_id;

/** The key just created, shown this once with a button that copies it. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.api_key);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section className="new-key" aria-labelledby="new-key-title">
      <h2 id="new-key-title" className="new-key__title">
        Your new key{created.description && `: ${created.description}`}
      </h2>
      <p>Copy it now and keep it somewhere safe: it is not shown again.</p>
      <div className="new-key__row">
        <input className="field__input new-key__value" readOnly value={created.api_key} aria-label="New API key" onFocus={(event) => event.currentTarget.select()} />
        <Button variant="primary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
      {copied === 'yes' && <Alert tone="info">Copied to the clipboard.</Alert>}
      {copied === 'failed' && <Alert>The browser did not allow copying: select the key and copy it yourself.</Alert>}
    </section>
  );
}

function CreateKeyForm() {
  const create = useCreateApiKey();
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      setCreated(await create.mutateAsync(description.trim()));
      setDescription('');
    } catch {
      // shown below from create.error
    }
  }

  if (created) return <NewKey created={created} onDone={() => setCreated(null)} />;
  return (
    <form className="create-key" onSubmit={(event) => void handleSubmit(event)}>
      <TextField
        label="What is the key for?"
        hint="For example the script or machine that uses it, so that you know which key to revoke."
        value={description}
        maxLength={API_KEY_DESCRIPTION_MAX}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Button type="submit" variant="primary" busy={create.isPending}>
        Create key
      </Button>
      {create.isError && <Alert>{create.error.message}</Alert>}
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const label = labelOf(apiKey);
  return (
    <li className="api-key">
      <div>
        <p className="api-key__label">{label}</p>
        <p className="api-key__meta">
          <code>{apiKey.key_id}</code> · created {formatDate(apiKey.created_at)} ·{' '}
          {apiKey.last_used_at === null ? 'never used' : `last used ${formatDate(apiKey.last_used_at)}`}
        </p>
        {revoke.isError && <Alert>{revoke.error.message}</Alert>}
      </div>
      <div className="api-key__actions">
        {confirming ? (
          <>
            <span className="api-key__question">Scripts using it stop working.</span>
            <Button variant="danger" busy={revoke.isPending} onClick={() => revoke.mutate(apiKey.key_id)}>
              Revoke key
            </Button>
            <Button disabled={revoke.isPending} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button aria-label={`Revoke ${label}`} onClick={() => setConfirming(true)}>
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

function KeyList({ userId }: { userId: string }) {
  const keys = useQuery(apiKeysQueryOptions(userId));
  if (keys.isPending) return <Spinner label="Loading API keys…" />;
  if (keys.isError) return <Alert>{keys.error.message}</Alert>;
  if (keys.data.length === 0) return <EmptyState title="No API keys">Create one for each script that calls the service.</EmptyState>;
  return (
    <ul className="api-key-list" aria-label="Your API keys">
      {keys.data.map((apiKey) => (
        <KeyRow key={apiKey.key_id} apiKey={apiKey} />
      ))}
    </ul>
  );
}

/** The signed-in person's API keys: create one (shown once), see them, revoke them. */
export function Component() {
  const session = useSession();
  if (!session) return null;
  return (
    <div className="api-keys">
      <PageHeader
        title="API keys"
        description={
          <>
            A script uses a key instead of your password: it trades the key for a token with <code>GET /1/token</code> and the
            header <code>Authorization: Key &lt;key&gt;</code>. Keys are yours, in every tenant you belong to.
          </>
        }
      />
      <CreateKeyForm />
      <KeyList userId={session.userId} />
    </div>
  );
}
