import type { ApiClient } from '../client';
import { exportStatusSchema, type CreateExportBody } from '../schemas/exports';

const exportsPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}/exports`;

/** The path of a finished export's file: a zip, or one JSON file for COCO without images. */
const exportFilePath = (appId: string, exportId: string) => `${exportsPath(appId)}/${encodeURIComponent(exportId)}/file`;

/** Starts preparing an export of the application's labels (managers and tenant admins only). */
export const startExport = (client: ApiClient, appId: string, body: CreateExportBody) =>
  client.request(exportsPath(appId), exportStatusSchema, { method: 'POST', body });

export const getExport = (client: ApiClient, appId: string, exportId: string) =>
  client.request(`${exportsPath(appId)}/${encodeURIComponent(exportId)}`, exportStatusSchema);

/** The finished file as a response whose body the caller reads (and can count while it arrives). */
export const downloadExport = (client: ApiClient, appId: string, exportId: string, signal?: AbortSignal) =>
  client.requestResponse(exportFilePath(appId, exportId), { signal, headers: { Accept: '*/*' } });
