import { z } from 'zod';

// The app runs under a CSP without 'unsafe-eval' (docs/service.md). Zod compiles fast object parsers with
// `new Function` when it may, and finds out by trying one as each object schema is made, which the policy reports
// as a violation. Every schema of the contract imports zod from here, so the setting comes before the first schema
// whichever chunk or worker holds it. Node (the service) keeps the compiled parsers.
const inNode = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
if (!inNode) z.config({ jitless: true });

export { z };
