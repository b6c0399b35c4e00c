import { create } from 'zustand';
import { connectAuth } from '../api-client';
import { getSession } from './session-store';

interface ReauthState {
  open: boolean;
}

/** Whether the "Sign in again" dialog is showing. */
export const useReauthStore = create<ReauthState>()(() => ({ open: false }));

let waiting: Array<(renewed: boolean) => void> = [];

/**
 * Asks the person for their password again (the dialog is mounted once, at the app's root) and resolves true once
 * a new token for the same tenant is in place. Every call made while the dialog is open shares it.
 */
function requestReauth(): Promise<boolean> {
  if (!getSession()) return Promise.resolve(false);
  return new Promise((resolve) => {
    waiting.push(resolve);
    useReauthStore.setState({ open: true });
  });
}

export function settleReauth(renewed: boolean): void {
  const resolvers = waiting;
  waiting = [];
  useReauthStore.setState({ open: false });
  for (const resolve of resolvers) resolve(renewed);
}

/** Gives the app's API client the session's token and the re-sign-in dialog. */
export function installAuthBridge(): void {
  connectAuth({ getToken: () => getSession()?.token ?? null, onUnauthorized: requestReauth });
}
