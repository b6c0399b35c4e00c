import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = NonNullable<InjectOptions['method']>;

export interface RouteEntry {
  method: Method;
  /** With `:name` parameters, as registered. */
  url: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (\S+) \(([A-Z, ]+)\)$/;
const BRANCH = /^((?:[│ ] {3})*)[├└]── (\S+)$/;

/** Every registered route and method (HEAD left out), read from the router's own listing. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line) ?? BRANCH.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method: method as Method, url });
    }
  }
  return routes;
}
