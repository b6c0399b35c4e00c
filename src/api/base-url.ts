import { InvalidBaseUrlError } from './errors';
import { isSecureUrl } from './url-rule';

/**
 * Resolves the configured service URL against the page's origin and refuses one that would send
 * credentials in the clear (the URL rule: only `https:`, or `http:` on a loopback address).
 */
export function resolveBaseUrl(configured: string | undefined, pageOrigin: string): string {
  const raw = configured?.trim() || pageOrigin;
  let url: URL;
  try {
    url = new URL(raw, pageOrigin);
  } catch {
    throw new InvalidBaseUrlError(`The service address "${raw}" is not a valid URL.`);
  }
  if (!isSecureUrl(url.href)) {
    throw new InvalidBaseUrlError(
      `The service address ${url.origin} is not secure. Use an https: address (plain http: is allowed only on this computer).`,
    );
  }
  return url.href.replace(/\/+$/, '');
}
