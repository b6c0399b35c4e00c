import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadExport, getExport, startExport } from '../../../api/endpoints/exports';
import type { CreateExportBody, ExportStatus } from '../../../api/schemas/exports';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';
import { saveFile } from './save-file';

const PREPARING_POLL_MS = 500;

const exportStatusQueryOptions = (appId: string, exportId: string) =>
  queryOptions({
    queryKey: applicationKeys.export(appId, exportId),
    queryFn: () => getExport(getApiClient(), appId, exportId),
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? PREPARING_POLL_MS : false),
  });

/** The export's progress while there is one (asked again every half second while it is being prepared). */
export const useExportStatus = (appId: string, exportId: string | null) =>
  useQuery({ ...exportStatusQueryOptions(appId, exportId ?? ''), enabled: exportId !== null });

export const useStartExport = (appId: string) =>
  useMutation({ mutationFn: (body: CreateExportBody) => startExport(getApiClient(), appId, body) });

export interface DownloadProgress {
  received: number;
  total: number;
}

/** Reads the body chunk by chunk so that the bytes received so far can be shown. */
async function readWithProgress(response: Response, total: number, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' });
}

/** Downloads a ready export and hands it to the browser as a file; `progress` counts its bytes meanwhile. */
export function useDownloadExport(appId: string) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (status: ExportStatus) => {
      const total = status.size ?? 0;
      setProgress({ received: 0, total });
      const response = await downloadExport(getApiClient(), appId, status.export_id);
      saveFile(await readWithProgress(response, total, setProgress), status.file_name);
      return status;
    },
  });
  return { ...mutation, progress };
}
