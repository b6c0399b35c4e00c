import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getImport, importForm, importsPath, importStartSchema, isImportJob } from '../../../api/endpoints/imports';
import type { ImportFields, ImportReport, ImportStatus } from '../../../api/schemas/imports';
import { z } from '../../../api/zod';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';
import { postFormWithProgress } from '../shared/post-form-with-progress';

const RUNNING_POLL_MS = 500;

export interface StartImport {
  fields: ImportFields;
  files: readonly File[];
}

/** Where an import stands: its files being sent, its job reading and recording them, its report, or why not. */
export type ImportPhase =
  | { name: 'idle' }
  | { name: 'uploading'; fraction: number }
  | { name: 'running'; done: number; total: number }
  | { name: 'done'; report: ImportReport }
  | { name: 'failed'; error: Error };

interface ImportProgress {
  sending: boolean;
  fraction: number;
  error: Error | null;
  /** What the upload answered: a report, or the status of the import's job. */
  answer: ImportReport | ImportStatus | undefined;
  /** The job's latest status. */
  status: ImportStatus | undefined;
}

function phaseOf({ sending, fraction, error, answer, status }: ImportProgress): ImportPhase {
  if (sending) return { name: 'uploading', fraction };
  if (error) return { name: 'failed', error };
  if (!answer) return { name: 'idle' };
  if (!isImportJob(answer)) return { name: 'done', report: answer };
  const job = status ?? answer;
  if (job.state === 'failed') return { name: 'failed', error: new Error(job.message ?? 'The import failed.') };
  if (job.report) return { name: 'done', report: job.report };
  return { name: 'running', done: job.done, total: job.total };
}

/**
 * An import of label files into the application: the files are sent (the share of their bytes sent so far is
 * counted), then a small import answers its report at once, and a larger one's job is asked about every half second
 * until its report is there. Once it is, the application's figures are fetched again.
 */
export function useLabelImport(appId: string) {
  const queryClient = useQueryClient();
  const [fraction, setFraction] = useState(0);
  const start = useMutation({
    mutationFn: async ({ fields, files }: StartImport) => {
      setFraction(0);
      const form = importForm(fields, files.map((file) => ({ name: file.name, content: file })));
      return z.parse(importStartSchema, await postFormWithProgress(importsPath(appId), form, setFraction));
    },
  });
  const importId = start.data && isImportJob(start.data) ? start.data.import_id : null;
  const status = useQuery({
    queryKey: applicationKeys.import(appId, importId ?? ''),
    queryFn: () => getImport(getApiClient(), appId, importId ?? ''),
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? RUNNING_POLL_MS : false),
  });
  const phase = phaseOf({ sending: start.isPending, fraction, error: start.error ?? status.error, answer: start.data, status: status.data });
  const finished = phase.name === 'done';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(appId) });
  }, [finished, appId, queryClient]);
  return { phase, start: start.mutate };
}
