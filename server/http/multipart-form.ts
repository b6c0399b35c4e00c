import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_BYTES } from '../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../errors';
import { findNul, nulRefusal } from './edge';
import { HttpError } from './errors';

/** A file part of a multipart form, as plain data. */
export interface ReceivedFile {
  bytes: Buffer;
  filename: string | undefined;
}

/** A multipart form of one file part and text fields, as plain data. */
export interface ReceivedForm extends ReceivedFile {
  fields: Record<string, string[]>;
}

const fileTooLarge = () => tooLarge(`The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MiB.`);

/** Reads every part of a multipart form: its files (each at most the multipart limit) and its text fields. */
async function receiveParts(request: FastifyRequest, notMultipart: string): Promise<{ files: ReceivedFile[]; fields: Record<string, string[]> }> {
  if (!request.isMultipart()) throw new HttpError(415, notMultipart);
  const files: ReceivedFile[] = [];
  const fields: Record<string, string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch((error: { code?: string }) => {
          throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
        });
        files.push({ bytes, filename: part.filename || undefined });
      } else {
        (fields[part.fieldname] ??= []).push(String(part.value));
      }
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

/** Reads a multipart form of exactly one file part (under any name) and text fields. */
export async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  const { files, fields } = await receiveParts(request, 'Send the media as multipart/form-data with one file part.');
  if (files.length > 1) throw invalid('Send exactly one file part; this request has more than one.');
  const [file] = files;
  if (!file) throw invalid('Send the image as a file part of the form.');
  return { ...file, fields };
}

/** Reads a multipart form of one or more file parts (under any names) and text fields. */
export async function receiveFiles(request: FastifyRequest, what: string): Promise<{ files: ReceivedFile[]; fields: Record<string, string[]> }> {
  const form = await receiveParts(request, `Send ${what} as multipart/form-data.`);
  if (form.files.length === 0) throw invalid(`Send ${what} as file parts of the form.`);
  return form;
}
