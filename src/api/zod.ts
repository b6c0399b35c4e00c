import * as z from 'zod/mini';

// Every schema of the contract imports zod from here: zod/mini, whose functions the bundler keeps only where they
// are used (classic zod's methods bring all of it). Classic zod sets English messages as its first schema is made;
// mini leaves the locale to its user, so it is set here, before the first parse, and the app shows the same
// messages as the service.
z.config(z.locales.en());

// The app runs under a CSP without 'unsafe-eval' (docs/service.md). Classic zod compiles fast object parsers with
// `new Function` when it may, and finds out by trying one as each object schema is made, which the policy reports
// as a violation. zod/mini's objects do not compile; the setting keeps any compiling schema that a chunk or worker
// might come to hold from trying. Node (the service) keeps the compiled parsers of its own classic schemas.
const inNode = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
if (!inNode) z.config({ jitless: true });

export { z };
