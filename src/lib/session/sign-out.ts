import { runBeforeSignOut } from './before-sign-out';
import { queryClient } from '../query-client';
import { forgetCredentials } from './pending-credentials';
import { settleReauth } from './reauth';
import { clearSession } from './session-store';

/** Forgets everything about the person: session, storage, any password in memory and all cached server data. */
export function signOut(): void {
  runBeforeSignOut();
  forgetCredentials();
  clearSession();
  settleReauth(false);
  queryClient.clear();
}
