import type { BasicCredentials } from '../../api/client';

// Between the sign-in form and choosing a tenant (or switching tenants) the password is needed once more, to
// ask for a token. It lives only in this module's memory: never in a store, never in storage, and it is
// forgotten as soon as a token is issued or the person signs out. After a reload it is gone, and the tenant
// picker asks for it again.
let pending: BasicCredentials | null = null;

export function rememberCredentials(credentials: BasicCredentials): void {
  pending = credentials;
}

export function getPendingCredentials(): BasicCredentials | null {
  return pending;
}

export function forgetCredentials(): void {
  pending = null;
}
