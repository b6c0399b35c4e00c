import { useState } from 'react';
import { describeSignInError } from './sign-in-errors';

/** Runs a credential-bearing action from a form, tracking whether it runs and what went wrong. */
export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describeSignInError(caught));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}
