import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TenantType, TokenResponse } from '../../api/schemas/identity';

export interface Session {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  userId: string;
  email: string;
  tenantId: string;
  tenantName: string;
  tenantType: TenantType;
}

interface SessionState {
  session: Session | null;
}

export const SESSION_STORAGE_KEY = 'looplabel.session';

/**
 * The signed-in user and tenant. Kept in sessionStorage so that a reload keeps this tab signed in while other
 * tabs and a closed browser do not; the password is never part of it.
 */
export const useSessionStore = create<SessionState>()(
  persist((): SessionState => ({ session: null }), {
    name: SESSION_STORAGE_KEY,
    storage: createJSONStorage(() => sessionStorage),
  }),
);

export function sessionFromToken(response: TokenResponse, now = Date.now()): Session {
  return {
    token: response.access_token,
    expiresAt: now + response.expires_in * 1000,
    userId: response.user_id,
    email: response.user_email,
    tenantId: response.tenant_id,
    tenantName: response.tenant_name,
    tenantType: response.tenant_type,
  };
}

export function setSession(response: TokenResponse): void {
  useSessionStore.setState({ session: sessionFromToken(response) });
}

export function clearSession(): void {
  useSessionStore.setState({ session: null });
  useSessionStore.persist.clearStorage();
}

export const getSession = (): Session | null => useSessionStore.getState().session;

export const useSession = (): Session | null => useSessionStore((state) => state.session);
