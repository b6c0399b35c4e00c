import { parseArgs } from 'node:util';
import { IMPORT_FORMATS, IMPORT_KINDS, IMPORT_MATCHES, type ImportFormat, type ImportKind, type ImportMatch } from '../../src/api/schemas/imports';
import { DEMO_ACCOUNTS, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import { baseUrlOf, credentialsOf, UsageError } from '../cli/args';
import type { ImportOptions } from './import-folder';
import type { LabelImportOptions } from './import-labels';

export const IMPORT_USAGE = `Usage: npm run import -- <folder> --subject <name> [--concurrency 4]
       npm run import -- --labels <file, zip or folder> [--labels ...] --format <${IMPORT_FORMATS.join('|')}> --app <application id>
         [--as labels|predictions] [--model <name>] [--match application|tenant]
       either with [--url http://127.0.0.1:8080] [--tenant <id or name>] [--api-key <key> | --email <email> --password <password>]

The first imports every image (jpg, png, webp, gif) under <folder>, recursively, into the subject, creating the
subject when there is none of that name. The second imports labels (as your answers) or, with --as predictions and
--model, an outside model's predictions into the application: COCO JSON, YOLO label files with classes.txt or
data.yaml, Pascal VOC XML, or CSV; a folder or several files are sent as one zip. Images are matched to the
application's media (or, with --match tenant, all the tenant's) by file name (or external_media_id), classes to
output subjects by name; a large import's progress is shown while the service works on it. Credentials default to LOOPLABEL_API_KEY, else
LOOPLABEL_EMAIL and LOOPLABEL_PASSWORD, else the demo admin (${DEMO_ACCOUNTS.admin.email}) in "${DEMO_TENANT_NAME}".`;

/** A folder of images into a subject, or label files into an application. */
export type ImportArgs = ({ mode: 'folder' } & Omit<ImportOptions, 'progressOutput'>) | ({ mode: 'labels' } & LabelImportOptions);

function positiveInteger(name: string, raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 64) throw new UsageError(`--${name} must be a whole number from 1 to 64.`);
  return value;
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

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
        concurrency: { type: 'string', default: '4' },
        labels: { type: 'string', multiple: true },
        format: { type: 'string' },
        app: { type: 'string' },
        as: { type: 'string', default: 'labels' },
        model: { type: 'string' },
        match: { type: 'string', default: 'application' },
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        'api-key': { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        tenant: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const { credentials, demo } = credentialsOf(values, env);
  const common = { baseUrl: baseUrlOf(values.url), credentials, tenant: values.tenant ?? (demo ? DEMO_TENANT_NAME : undefined) };
  if (values.labels) {
    if (positionals.length > 0) throw new UsageError('Give label files with --labels, and no folder of images beside them.');
    if (!values.app) throw new UsageError('Give the application to import into with --app <application id>.');
    if (!values.format || !oneOf<ImportFormat>(IMPORT_FORMATS, values.format)) throw new UsageError(`Give --format ${IMPORT_FORMATS.join(', ')}.`);
    if (!oneOf<ImportKind>(IMPORT_KINDS, values.as)) throw new UsageError(`--as is one of ${IMPORT_KINDS.join(', ')}.`);
    if ((values.as === 'predictions') !== (values.model !== undefined)) throw new UsageError('Give --model <name> with --as predictions, and only then.');
    if (!oneOf<ImportMatch>(IMPORT_MATCHES, values.match)) throw new UsageError(`--match is ${IMPORT_MATCHES.join(' or ')}.`);
    const { app: applicationId, format, as, model, match, labels: paths } = values;
    return { mode: 'labels', ...common, applicationId, format, as, model, match, paths };
  }
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('Give exactly one folder to import, or label files with --labels.');
  if (!values.subject) throw new UsageError('Give the subject to import into with --subject <name>.');
  return { mode: 'folder', ...common, folder: positionals[0], subject: values.subject, concurrency: positiveInteger('concurrency', values.concurrency) };
}
