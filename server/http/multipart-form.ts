import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_BYTES } from '../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../errors';
import { findNul, nulRefusal } from './edge';
import { HttpError } from './errors';

/** A multipart form of one file part and text fields, as plain data. */
export interface ReceivedForm {
  bytes: Buffer;
  filename: string | undefined;
  fields: Record<string, string[]>;
}

const fileTooLarge = () => tooLarge(`The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MiB.`);

/** Reads a multipart form of exactly one file part (under any name) and text fields. */
export async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the media as multipart/form-data with one file part.');
  let file: { bytes: Buffer; filename: string | undefined } | null = null;
  const fields: Record<string, string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw invalid('Send exactly one file part; this request has more than one.');
        const bytes = await part.toBuffer().catch((error: { code?: string }) => {
          throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
        });
        file = { bytes, filename: part.filename || undefined };
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
  if (!file) throw invalid('Send the image as a file part of the form.');
  // The edge rule for text, applied to the form that the body hook could not see.
  const nul = findNul({ ...fields, filename: file.filename });
  if (nul !== null) throw nulRefusal('body', nul);
  return { ...file, fields };
}
