import { z } from 'zod';

// The app runs under a CSP without 'unsafe-eval' (docs/service.md). Zod compiles fast object parsers with
// `new Function` when it may, and finds out by trying one, which the policy reports as a violation; jitless mode
// never tries. Imported first by the app's entry, before any schema parses.
z.config({ jitless: true });
