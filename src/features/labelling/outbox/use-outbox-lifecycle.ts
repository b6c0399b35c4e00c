import { useEffect } from 'react';
import { useSession } from '../../../lib/session/session-store';
import type { Outbox, OutboxStatus } from '../queue/outbox';

/** Resumes an outbox paused on a 401 once a new token is in the session, and warns before leaving with unsent answers. */
export function useOutboxLifecycle(outbox: Outbox | null, status: OutboxStatus) {
  const token = useSession()?.token;
  const pausedOnAuth = status.state === 'paused-auth';
  useEffect(() => {
    if (pausedOnAuth && token) outbox?.resume();
    // Only a new token should resume: the token is the dependency that matters.
  }, [token, outbox]); // eslint-disable-line react-hooks/exhaustive-deps

  const unsent = status.waiting > 0;
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);
}
