import { resolveBaseUrl } from '../api/base-url';
import { createApiClient, type ApiClient } from '../api/client';
import { readRuntimeConfig } from '../config/runtime';
import { reportReach } from './service-reach';

/** How the one client reaches the session; the auth feature connects it at start-up. */
export interface AuthBridge {
  getToken: () => string | null;
  onUnauthorized: () => Promise<boolean>;
}

let bridge: AuthBridge = { getToken: () => null, onUnauthorized: () => Promise.resolve(false) };
let client: ApiClient | undefined;

export function connectAuth(next: AuthBridge): void {
  bridge = next;
}

/** Builds a client for the configured base URL; throws InvalidBaseUrlError when the URL is refused. */
export function createAppApiClient(configuredBaseUrl: string | undefined, pageOrigin: string): ApiClient {
  return createApiClient({
    baseUrl: resolveBaseUrl(configuredBaseUrl, pageOrigin),
    getToken: () => bridge.getToken(),
    onUnauthorized: () => bridge.onUnauthorized(),
    onReach: reportReach,
  });
}

/** The app's one API client. The first call throws InvalidBaseUrlError if the runtime config is refused. */
export function getApiClient(): ApiClient {
  client ??= createAppApiClient(readRuntimeConfig().apiBaseUrl, window.location.origin);
  return client;
}
