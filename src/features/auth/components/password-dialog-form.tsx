import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { TextField } from '../../../components/text-field';
import { useAsyncAction } from '../hooks/use-async-action';

export interface PasswordDialogFormProps {
  intro: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** The password-only form inside the "Sign in again" and "Switch tenant" dialogs. */
export function PasswordDialogForm({ intro, submitLabel, cancelLabel, onSubmit, onCancel }: PasswordDialogFormProps) {
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => onSubmit(password));
  }

  return (
    <form className="form" onSubmit={handleSubmit}>
      <p className="dialog-intro">{intro}</p>
      {error && <Alert>{error}</Alert>}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-autofocus
      />
      <FormActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
