import type { ApiClient } from '../client';
import { importReportSchema, importStatusSchema, type ImportFields, type ImportReport, type ImportStatus } from '../schemas/imports';
import { z } from '../zod';

/** A label file to send: its name (a zip's name ends in .zip) and its bytes. */
export interface LabelFileUpload {
  name: string;
  content: Blob;
}

export const importsPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}/imports`;

/** What `POST …/imports` answers: the report of a small import, or the status of a larger one's job. */
export const importStartSchema = z.union([importStatusSchema, importReportSchema]);

/** Whether the import runs as a job (its report comes with its status once done). */
export const isImportJob = (answer: ImportReport | ImportStatus): answer is ImportStatus => 'import_id' in answer;

/**
 * Imports label files (COCO, YOLO, VOC, CSV, or a zip of them) into an application as the caller's answers or an
 * outside model's predictions (managers and tenant admins only): what was matched, created and skipped, or, for files
 * larger than IMPORT_INLINE_MAX_BYTES, the status of the job that imports them (follow it with {@link getImport}).
 */
export function importLabelFiles(client: ApiClient, appId: string, fields: ImportFields, files: readonly LabelFileUpload[]): Promise<ImportReport | ImportStatus> {
  return client.request(importsPath(appId), importStartSchema, { method: 'POST', body: importForm(fields, files) });
}

/** The multipart form of an import: its text fields, then one part per label file. */
export function importForm(fields: ImportFields, files: readonly LabelFileUpload[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('files', file.content, file.name);
  return form;
}

export const getImport = (client: ApiClient, appId: string, importId: string) =>
  client.request(`${importsPath(appId)}/${encodeURIComponent(importId)}`, importStatusSchema);
