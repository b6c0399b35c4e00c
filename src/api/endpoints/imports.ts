import type { ApiClient } from '../client';
import { importReportSchema, type ImportFields, type ImportReport } from '../schemas/imports';

/** A label file to send: its name (a zip's name ends in .zip) and its bytes. */
export interface LabelFileUpload {
  name: string;
  content: Blob;
}

/**
 * Imports label files (COCO, YOLO, VOC, CSV, or a zip of them) into an application as the caller's answers or an
 * outside model's predictions (managers and tenant admins only); answers what was matched, created and skipped.
 */
export function importLabelFiles(client: ApiClient, appId: string, fields: ImportFields, files: readonly LabelFileUpload[]): Promise<ImportReport> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('files', file.content, file.name);
  return client.request(`/1/applications/${encodeURIComponent(appId)}/imports`, importReportSchema, { method: 'POST', body: form });
}
