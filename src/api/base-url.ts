import { InvalidBaseUrlError } from './errors';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}

/**
 * Resolves the configured service URL against the page's origin and refuses one that would send
 * credentials in the clear: only `https:`, or `http:` on a loopback address.
 */
export function resolveBaseUrl(configured: string | undefined, pageOrigin: string): string {
  const raw = configured?.trim() || pageOrigin;
  let url: URL;
  try {
    url = new URL(raw, pageOrigin);
  } catch {
    throw new InvalidBaseUrlError(`The service address "${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new InvalidBaseUrlError(
      `The service address ${url.origin} is not secure. Use an https: address (plain http: is allowed only on this computer).`,
    );
  }
  return url.href.replace(/\/+$/, '');
}
