import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { createSubject, listSubjects } from '../../src/api/endpoints/subjects';
import { uploadMediaToSubject } from '../../src/api/endpoints/uploads';
import type { Subject } from '../../src/api/schemas/subjects';
import type { TenantListItem } from '../../src/api/schemas/identity';
import { signIn, SignInError, type CliCredentials } from '../cli/sign-in';
import { findImages } from './find-images';
import { createProgress, type ProgressOutput } from './progress';

export interface ImportOptions {
  baseUrl: string;
  folder: string;
  /** The subject's name (or uid); a subject of that name is created when there is none. */
  subject: string;
  credentials: CliCredentials;
  /** A tenant id or name; may be left out when the user has one tenant only. */
  tenant?: string;
  /** Uploads in flight at once. */
  concurrency?: number;
  progressOutput: ProgressOutput;
}

interface ImportFailure {
  file: string;
  message: string;
}

export interface ImportSummary {
  tenant: TenantListItem;
  subject: Subject;
  subjectCreated: boolean;
  total: number;
  imported: number;
  failures: ImportFailure[];
  seconds: number;
}

/** A problem that stops the whole import (sign-in, tenant, subject, folder), said in one sentence. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

async function findOrCreateSubject(client: ApiClient, wanted: string): Promise<{ subject: Subject; created: boolean }> {
  const { data } = await listSubjects(client);
  const existing = data.find((subject) => subject.subject_uid === wanted) ?? data.find((subject) => subject.name === wanted);
  if (existing) return { subject: existing, created: false };
  return { subject: await createSubject(client, { name: wanted }), created: true };
}

/** Runs `work` on every item with at most `limit` running at once. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Imports every image file of a folder (recursively) into a subject through the service's HTTP API. */
export async function importFolder(options: ImportOptions): Promise<ImportSummary> {
  const startedAt = performance.now();
  const files = await findImages(options.folder).catch((error: unknown) => {
    throw new ImportError(`Cannot read the folder ${options.folder}: ${messageOf(error)}`);
  });
  const { client, tenant } = await signIn(options.baseUrl, options.credentials, options.tenant).catch((error: unknown) => {
    throw error instanceof SignInError ? new ImportError(error.message) : error;
  });
  const { subject, created } = await findOrCreateSubject(client, options.subject).catch((error: unknown) => {
    throw error instanceof ApiError ? new ImportError(`Cannot use the subject "${options.subject}": ${error.message}`) : error;
  });

  const failures: ImportFailure[] = [];
  const progress = createProgress(files.length, options.progressOutput);
  await forEachLimited(files, options.concurrency ?? 4, async (file) => {
    const name = path.relative(options.folder, file);
    try {
      const bytes = await readFile(file);
      await uploadMediaToSubject(client, subject.subject_uid, new Blob([bytes]), path.basename(file));
    } catch (error) {
      failures.push({ file: name, message: messageOf(error) });
    }
    progress.advance();
  });
  progress.finish();
  failures.sort((a, b) => a.file.localeCompare(b.file));

  return {
    tenant,
    subject,
    subjectCreated: created,
    total: files.length,
    imported: files.length - failures.length,
    failures,
    seconds: (performance.now() - startedAt) / 1000,
  };
}
