import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed-identity';
import type { CliCredentials } from './sign-in';

/** A command line that cannot be used; the script prints its usage after the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The credentials of a command line: --api-key, else --email and --password; else LOOPLABEL_API_KEY, else
 * LOOPLABEL_EMAIL and LOOPLABEL_PASSWORD; else the demo admin (`demo`: then the demo tenant is the default).
 */
export function credentialsOf(
  values: { 'api-key'?: string; email?: string; password?: string },
  env: NodeJS.ProcessEnv,
): { credentials: CliCredentials; demo: boolean } {
  const apiKey = values['api-key'] ?? (values.email === undefined ? env.LOOPLABEL_API_KEY : undefined);
  const email = values.email ?? env.LOOPLABEL_EMAIL;
  const password = values.password ?? env.LOOPLABEL_PASSWORD;
  if (values['api-key'] !== undefined && values.email !== undefined) throw new UsageError('Give --api-key or --email and --password, not both.');
  if (apiKey) return { credentials: { apiKey }, demo: false };
  if ((email === undefined) !== (password === undefined)) throw new UsageError('Give both --email and --password, or neither.');
  if (email === undefined) return { credentials: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD }, demo: true };
  return { credentials: { email, password: password ?? '' }, demo: false };
}

/** The service's address without a trailing slash. */
export const baseUrlOf = (url: string) => url.replace(/\/+$/, '');
