// What the app's code weighs on a route: the JS and CSS files a page fetches, gzipped as a server would send them
// (the files are read from the build, dist/, by their URL path).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';

const DIST = join(import.meta.dirname, '../../dist');

const gzipBytes = (pathname: string) => gzipSync(readFileSync(join(DIST, pathname))).length;

/** Starts counting the page's JS and CSS requests; stop() returns their gzip bytes so far. */
export function routeBytes(page: Page): { stop(): number } {
  const paths = new Set<string>();
  const seen = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (/\.(js|css)$/.test(pathname) && pathname !== '/config.js') paths.add(pathname);
  };
  page.on('request', seen);
  return {
    stop() {
      page.off('request', seen);
      return [...paths].reduce((sum, pathname) => sum + gzipBytes(pathname), 0);
    },
  };
}
