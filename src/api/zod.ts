import * as z from 'zod/mini';

// Every schema of the contract imports zod from here: zod/mini, whose functions the bundler keeps only where they
// are used (classic zod's methods bring all of it, about 15 KB gzip more on every page). Classic zod sets English
// messages as its first schema is made; mini leaves the locale to its user, so it is set here, before the first
// parse, and the app shows the same messages as the service. Mini's objects never compile parsers with
// `new Function`, which the app's CSP (no 'unsafe-eval', docs/service.md) would refuse.
z.config(z.locales.en());

export { z };
