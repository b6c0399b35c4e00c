import type { ImportReport } from '../../src/api/schemas/imports';
import type { Media } from '../../src/api/schemas/media';
import { makeImage } from '../media/test-images';
import { multipartBody } from './multipart-body';
import type { TestApp } from './test-app';

/** A label file to send: its name and its text (or bytes, for a zip). */
export type SentFile = [name: string, content: string | Uint8Array];

let nextRed = 0;

/**
 * Uploads a distinct PNG of the size under the file name, as a user's upload would name it, into the subject when one
 * is given (as an application's input); its media object.
 */
export async function uploadNamed(t: TestApp, headers: Record<string, string>, filename: string, width: number, height: number, subjectUid?: string): Promise<Media> {
  nextRed = (nextRed + 1) % 256;
  const form = await multipartBody([
    ['file', await makeImage('png', width, height, nextRed), filename],
    ['filename', filename],
  ]);
  const url = subjectUid ? `/1/subjects/${subjectUid}/media` : '/1/media';
  const response = await t.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`The upload of ${filename} failed: ${response.statusCode} ${response.body}`);
  const mediaId = response.json<{ media_id: string }>().media_id;
  return (await t.inject({ method: 'GET', url: `/1/media/${mediaId}`, headers })).json<Media>();
}

/** `POST /1/applications/{id}/imports` with the fields and files; the raw response. */
export async function postImport(t: TestApp, headers: Record<string, string>, appId: string, fields: Record<string, string>, files: SentFile[]) {
  const form = await multipartBody([
    ...Object.entries(fields),
    ...files.map(([name, content]): [string, Buffer, string] => ['files', Buffer.from(content), name]),
  ]);
  return t.inject({ method: 'POST', url: `/1/applications/${appId}/imports`, headers: { ...headers, ...form.headers }, payload: form.payload });
}

/** An import that must succeed: its report. */
export async function importFiles(t: TestApp, headers: Record<string, string>, appId: string, fields: Record<string, string>, files: SentFile[]): Promise<ImportReport> {
  const response = await postImport(t, headers, appId, fields, files);
  if (response.statusCode !== 200) throw new Error(`The import failed: ${response.statusCode} ${response.body}`);
  return response.json<ImportReport>();
}
