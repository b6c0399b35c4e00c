import { useState } from 'react';
import { describeSignInError } from '../utils/sign-in-errors';

/** Runs a credential-bearing action from a form, tracking whether it runs and what went wrong (said by `describe`). */
export function useAsyncAction(describe: (error: unknown) => string = describeSignInError) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}
