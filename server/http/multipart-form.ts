import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_BYTES } from '../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../errors';
import { findNul, nulRefusal } from './edge';
import { HttpError } from './errors';

/** A file part of a multipart form, as plain data. */
interface ReceivedFile {
  bytes: Buffer;
  filename: string | undefined;
}

/** A multipart form of one file part and text fields, as plain data. */
export interface ReceivedForm extends ReceivedFile {
  fields: Record<string, string[]>;
}

const fileTooLarge = () => tooLarge(`The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MiB.`);

/** Reads every part of a multipart form: its files (each as `readFile` takes it) and its text fields. */
async function receiveParts<F extends { filename: string | undefined }>(
  request: FastifyRequest,
  notMultipart: string,
  readFile: (part: MultipartFile) => Promise<F>,
  fileSizeLimit?: number,
): Promise<{ files: F[]; fields: Record<string, string[]> }> {
  if (!request.isMultipart()) throw new HttpError(415, notMultipart);
  const files: F[] = [];
  const fields: Record<string, string[]> = {};
  try {
    for await (const part of request.parts(fileSizeLimit ? { limits: { fileSize: fileSizeLimit } } : undefined)) {
      if (part.type === 'file') files.push(await readFile(part));
      else (fields[part.fieldname] ??= []).push(String(part.value));
    }
  } catch (error) {
    // Errors of ours, and the form parser's own errors with a status (limits), keep theirs; one without is a form
    // that does not parse.
    if (error instanceof DomainError || (error as { statusCode?: number }).statusCode) throw error;
    throw invalid('The multipart form is malformed.');
  }
  // The edge rule for text, applied to the form that the body hook could not see.
  const nul = findNul({ ...fields, filename: files.map((file) => file.filename ?? '') });
  if (nul !== null) throw nulRefusal('body', nul);
  return { files, fields };
}

const readIntoMemory = async (part: MultipartFile): Promise<ReceivedFile> => {
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
  });
  return { bytes, filename: part.filename || undefined };
};

/** Reads a multipart form of exactly one file part (under any name) and text fields. */
export async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  const { files, fields } = await receiveParts(request, 'Send the media as multipart/form-data with one file part.', readIntoMemory);
  if (files.length > 1) throw invalid('Send exactly one file part; this request has more than one.');
  const [file] = files;
  if (!file) throw invalid('Send the image as a file part of the form.');
  return { ...file, fields };
}

/** A file part written to disk as it arrived. */
export interface FileOnDisk {
  path: string;
  filename: string | undefined;
}

/** Counts the bytes of every file part of one form, and stops the upload the moment they pass the limit. */
function countedUpload(total: { bytes: number }, maxBytes: number, what: string): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total.bytes += chunk.length;
      if (total.bytes > maxBytes) done(tooLarge(`${what.charAt(0).toUpperCase()}${what.slice(1)} are larger than ${maxBytes / 1024 / 1024} MiB in all.`));
      else done(null, chunk);
    },
  });
}

/**
 * Reads a multipart form of one or more file parts (under any names) and text fields, writing each file into the
 * directory as it arrives (private files), never holding it in memory: at most `maxBytes` in all, enforced while
 * reading, so a larger upload is refused (413) before the rest of it is read.
 */
export async function receiveFilesToDisk(
  request: FastifyRequest,
  { what, directory, maxBytes }: { what: string; directory: string; maxBytes: number },
): Promise<{ files: FileOnDisk[]; fields: Record<string, string[]>; bytes: number }> {
  const total = { bytes: 0 };
  let received = 0;
  const writeToDisk = async (part: MultipartFile): Promise<FileOnDisk> => {
    const path = join(directory, `upload-${(received += 1)}`);
    await pipeline(part.file, countedUpload(total, maxBytes, what), createWriteStream(path, { mode: 0o600, flags: 'wx' }));
    return { path, filename: part.filename || undefined };
  };
  const form = await receiveParts(request, `Send ${what} as multipart/form-data.`, writeToDisk, maxBytes + 1);
  if (form.files.length === 0) throw invalid(`Send ${what} as file parts of the form.`);
  return { ...form, bytes: total.bytes };
}
