/** A query parameter's value; null and undefined leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The absolute URL of `path` on the service at `baseUrl`, with the query parameters that have a value. The client
 * addresses its calls this way, and the service writes its links (a page's `paging.next`) the same way.
 */
export function serviceUrl(baseUrl: string, path: string, query: Readonly<Record<string, QueryValue>> = {}): string {
  const url = new URL(baseUrl + path);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url.href;
}
