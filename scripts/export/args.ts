import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, type ExportFormat } from '../../src/api/schemas/exports';
import { DEMO_ACCOUNTS, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import { baseUrlOf, credentialsOf, UsageError } from '../cli/args';
import type { ExportOptions } from './run-export';

export const EXPORT_USAGE = `Usage: npm run export -- --app <application id> --format <${EXPORT_FORMATS.join('|')}> [--images]
         [--out <file or folder>] [--url http://127.0.0.1:8080] [--tenant <id or name>]
         [--api-key <key> | --email <email> --password <password>]

Exports the application's labels (COCO JSON, YOLO text files or Pascal VOC XML; a zip when there is more than one
file, or with --images) and saves it under the service's file name, or as --out says. Credentials default to
LOOPLABEL_API_KEY, else LOOPLABEL_EMAIL and LOOPLABEL_PASSWORD, else the demo admin (${DEMO_ACCOUNTS.admin.email}) in
"${DEMO_TENANT_NAME}". Only tenant admins and the application's managers may export.`;

export type ExportArgs = Omit<ExportOptions, 'progressOutput'>;

const isFormat = (value: string): value is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(value);

/** Reads the command line; environment variables fill in credentials that the flags leave out. */
export function parseExportArgs(argv: string[], env: NodeJS.ProcessEnv): ExportArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        app: { type: 'string' },
        format: { type: 'string' },
        images: { type: 'boolean', default: false },
        out: { type: 'string' },
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        tenant: { type: 'string' },
        'api-key': { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (!values.app) throw new UsageError('Give the application to export with --app <application id>.');
  if (!values.format || !isFormat(values.format)) throw new UsageError(`Give --format ${EXPORT_FORMATS.join(', ')}.`);
  const { credentials, demo } = credentialsOf(values, env);
  return {
    baseUrl: baseUrlOf(values.url),
    credentials,
    tenant: values.tenant ?? (demo ? DEMO_TENANT_NAME : undefined),
    applicationId: values.app,
    format: values.format,
    includeImages: values.images,
    output: values.out,
  };
}
