import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Focus } from '../../src/api/types';
import type { AuthContext } from '../auth/context';
import { findNul, nulRefusal } from '../http/edge';
import { HttpError, badRequest } from '../http/errors';
import { zodValidatorCompiler } from '../http/zod';
import { inspectImage, MAX_MEDIA_BYTES, MediaError } from '../media/inspect';
import { storeMedia } from '../media/store-media';
import { insertMedia, type MediaRow } from './media';
import { focusText } from './media-schemas';

const optionalText = z.string().max(1000).optional();

/** The form fields of an upload, each sent as text; unknown ones are ignored. */
const uploadFields = z.object({
  media_timestamp: z
    .string()
    .regex(/^\d+(\.\d+)?$/, { message: 'Give a Unix time in seconds.' })
    .transform(Number)
    .optional(),
  meta_tags: z.array(z.string().trim().min(1).max(200)).max(100, { message: 'Give at most 100 tags.' }).optional(),
  external_media_id: optionalText,
  filename: optionalText,
  title: optionalText,
  author: optionalText,
  license: optionalText,
  set_assignment: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,50}$/, { message: 'Use up to 50 letters, digits, "_" or "-".' })
    .optional(),
  focus: focusText.optional(),
});

/** Validates a value as a route schema would, with the same `{"message", "errors"}` on failure. */
export function parseWith<T extends z.ZodType>(schema: T, data: unknown, part: 'body' | 'querystring'): z.output<T> {
  const result = zodValidatorCompiler({ schema, httpPart: part, method: 'POST', url: '' })(data) as {
    value?: z.output<T>;
    error?: Error;
  };
  if (result.error) throw result.error;
  return result.value as z.output<T>;
}

interface ReceivedForm {
  bytes: Buffer;
  filename: string | undefined;
  fields: Record<string, string[]>;
}

/** A refused file (MediaError) as the HTTP error that says why. */
const rethrowAsHttp = (error: unknown): never => {
  throw error instanceof MediaError ? new HttpError(error.status, error.message) : error;
};

const tooLarge = () => new HttpError(413, `The file is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MiB.`);

/** Reads a multipart form of exactly one file part (under any name) and text fields. */
async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the media as multipart/form-data with one file part.');
  let file: { bytes: Buffer; filename: string | undefined } | null = null;
  const fields: Record<string, string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw badRequest('Send exactly one file part; this request has more than one.');
        const bytes = await part.toBuffer().catch((error: { code?: string }) => {
          throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
        });
        file = { bytes, filename: part.filename || undefined };
      } else {
        (fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
  } catch (error) {
    // The form parser's own errors with a status (limits) keep it; one without is a form that does not parse.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The multipart form is malformed.');
  }
  if (!file) throw badRequest('Send the image as a file part of the form.');
  // The edge rule for text, applied to the form that the body hook could not see.
  const nul = findNul({ ...fields, filename: file.filename });
  if (nul !== null) throw nulRefusal('body', nul);
  return { ...file, fields };
}

export interface Upload {
  media: MediaRow;
  focus: Focus | null;
}

/** Receives, checks and stores an uploaded image (413 too large, 415 not an image) and creates its media item. */
export async function receiveUpload(request: FastifyRequest, auth: AuthContext): Promise<Upload> {
  const form = await receiveForm(request);
  const single = Object.fromEntries(
    Object.entries(form.fields).map(([name, values]) => [name, name === 'meta_tags' ? values : values[0]]),
  );
  const fields = parseWith(uploadFields, single, 'body');
  const stored = await storeMedia(request.server.blobs, form.bytes).catch(rethrowAsHttp);
  const { media_timestamp, meta_tags, set_assignment, focus, ...details } = fields;
  const media = await insertMedia(request.server.db, {
    tenantId: auth.tenantId,
    uploadedBy: auth.userId,
    stored,
    mediaTimestamp: media_timestamp,
    metaTags: meta_tags,
    setAssignment: set_assignment,
    details: { ...details, filename: details.filename ?? form.filename ?? null },
  });
  return { media, focus: focus ?? null };
}

/** Receives and checks an image without storing it (413 too large, 415 not an image): one file part, no fields. */
export async function receiveImage(request: FastifyRequest): Promise<Buffer> {
  const form = await receiveForm(request);
  await inspectImage(form.bytes).catch(rethrowAsHttp);
  return form.bytes;
}
