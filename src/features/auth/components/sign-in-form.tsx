import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { TextField } from '../../../components/text-field';
import { useAsyncAction } from '../hooks/use-async-action';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInFormProps {
  initialEmail?: string;
  submitLabel: string;
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** Email and password; the password is handed on and never stored. */
export function SignInForm({ initialEmail = '', submitLabel, onSubmit }: SignInFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => onSubmit({ email: email.trim(), password }));
  }

  return (
    <form className="form" onSubmit={handleSubmit} aria-busy={busy || undefined}>
      {error && <Alert>{error}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoFocus={!initialEmail}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoFocus={!!initialEmail}
      />
      <FormActions>
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
