import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import type { ImportOptions } from './import-folder';

export const IMPORT_USAGE = `Usage: npm run import -- <folder> --subject <name> [--url http://127.0.0.1:8080]
         [--email <email> --password <password>] [--tenant <id or name>] [--concurrency 4]

Imports every image (jpg, png, webp, gif) under <folder>, recursively, into the subject, creating the subject
when there is none of that name. Credentials default to LOOPLABEL_EMAIL and LOOPLABEL_PASSWORD, else to the
demo admin (${DEMO_ACCOUNTS.admin.email}) in "${DEMO_TENANT_NAME}".`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type ImportArgs = Omit<ImportOptions, 'progressOutput'>;

function positiveInteger(name: string, raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 64) throw new UsageError(`--${name} must be a whole number from 1 to 64.`);
  return value;
}

/** Reads the command line; environment variables fill in credentials that the flags leave out. */
export function parseImportArgs(argv: string[], env: NodeJS.ProcessEnv): ImportArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        subject: { type: 'string' },
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        email: { type: 'string' },
        password: { type: 'string' },
        tenant: { type: 'string' },
        concurrency: { type: 'string', default: '4' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('Give exactly one folder to import.');
  if (!values.subject) throw new UsageError('Give the subject to import into with --subject <name>.');

  const email = values.email ?? env.LOOPLABEL_EMAIL;
  const password = values.password ?? env.LOOPLABEL_PASSWORD;
  if ((email === undefined) !== (password === undefined)) throw new UsageError('Give both --email and --password, or neither.');
  const useDemo = email === undefined;
  return {
    baseUrl: values.url.replace(/\/+$/, ''),
    folder: positionals[0],
    subject: values.subject,
    credentials: useDemo ? { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD } : { email, password: password ?? '' },
    tenant: values.tenant ?? (useDemo ? DEMO_TENANT_NAME : undefined),
    concurrency: positiveInteger('concurrency', values.concurrency),
  };
}
