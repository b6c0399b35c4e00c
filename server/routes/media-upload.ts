import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Focus } from '../../src/api/types';
import type { NewUpload } from '../domain/media';
import { focusText } from '../domain/media-schemas';
import { receiveForm } from '../http/multipart-form';
import { parseWith } from '../http/parse';
import { queryBoolean } from '../http/schemas';

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
  /** Keep the file as a new media item even when the tenant has its bytes already (extension). */
  allow_duplicate: queryBoolean.optional(),
});

/** An upload as the domain takes it (the file and its details), and the focus the form named. */
export interface UploadRequest {
  upload: NewUpload;
  focus: Focus | null;
}

/** Reads an upload's multipart form into plain data, checking its fields as a route schema would. */
export async function readUpload(request: FastifyRequest, owner: { tenantId: string; userId: string }): Promise<UploadRequest> {
  const form = await receiveForm(request);
  const single = Object.fromEntries(
    Object.entries(form.fields).map(([name, values]) => [name, name === 'meta_tags' ? values : values[0]]),
  );
  const { media_timestamp, meta_tags, set_assignment, focus, allow_duplicate, ...details } = parseWith(uploadFields, single, 'body');
  return {
    upload: {
      tenantId: owner.tenantId,
      uploadedBy: owner.userId,
      bytes: form.bytes,
      allowDuplicate: allow_duplicate ?? false,
      mediaTimestamp: media_timestamp,
      metaTags: meta_tags,
      setAssignment: set_assignment,
      details: { ...details, filename: details.filename ?? form.filename ?? null },
    },
    focus: focus ?? null,
  };
}
