import { MAX_MEDIA_BYTES } from '../../../api/endpoints/media';
import type { SubjectMediaUpload } from '../../../api/schemas/media';

type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

/** Where files go: the subject, and whether bytes the tenant already has become new media items all the same. */
export interface UploadTarget {
  subjectUid: string;
  allowDuplicate: boolean;
}

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  target: UploadTarget;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  error?: string;
  mediaId?: string;
  /** Done, and the tenant had these bytes already: `mediaId` is that earlier item. */
  duplicate?: boolean;
}

export type UploadFile = (file: File, target: UploadTarget, onProgress: (fraction: number) => void) => Promise<SubjectMediaUpload>;

export interface UploadQueueOptions {
  upload: UploadFile;
  concurrency?: number;
  maxBytes?: number;
}

export interface UploadQueue {
  add: (files: readonly File[], target: UploadTarget) => void;
  getItems: () => readonly UploadItem[];
  subscribe: (listener: () => void) => () => void;
}

const UPLOAD_CONCURRENCY = 3;

const tooLargeMessage = (maxBytes: number) => `Too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MiB.`;

/**
 * Uploads files a few at a time and keeps a state per file. A file over the size limit fails at once without
 * being sent; the service's own refusal (413 too large, 415 not an image) becomes that file's error.
 */
export function createUploadQueue({ upload, concurrency = UPLOAD_CONCURRENCY, maxBytes = MAX_MEDIA_BYTES }: UploadQueueOptions): UploadQueue {
  let items: UploadItem[] = [];
  const files = new Map<number, File>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  let running = 0;

  function update(id: number, changes: Partial<UploadItem>) {
    items = items.map((item) => (item.id === id ? { ...item, ...changes } : item));
    listeners.forEach((listener) => listener());
  }

  function pump() {
    while (running < concurrency) {
      const next = items.find((item) => item.status === 'queued');
      const file = next && files.get(next.id);
      if (!next || !file) return;
      running += 1;
      update(next.id, { status: 'uploading' });
      upload(file, next.target, (progress) => update(next.id, { progress }))
        .then(
          (result) => update(next.id, { status: 'done', progress: 1, mediaId: result.media_id, duplicate: result.duplicate ?? false }),
          (error: unknown) =>
            update(next.id, { status: 'failed', error: error instanceof Error ? error.message : 'The upload failed.' }),
        )
        .finally(() => {
          files.delete(next.id);
          running -= 1;
          pump();
        });
    }
  }

  return {
    add(newFiles, target) {
      const added = newFiles.map((file): UploadItem => {
        const id = nextId++;
        const base = { id, name: file.name, size: file.size, target, progress: 0 };
        if (file.size > maxBytes) return { ...base, status: 'failed', error: tooLargeMessage(maxBytes) };
        files.set(id, file);
        return { ...base, status: 'queued' };
      });
      items = [...items, ...added];
      listeners.forEach((listener) => listener());
      pump();
    },
    getItems: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** "12 uploaded, 3 already uploaded, 2 failed" (the middle one when there are any; what is still going, while it goes). */
export function summariseUploads(items: readonly UploadItem[]): string {
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const duplicates = items.filter((item) => item.status === 'done' && item.duplicate).length;
  const parts = [`${count('done') - duplicates} uploaded`, ...(duplicates > 0 ? [`${duplicates} already uploaded`] : []), `${count('failed')} failed`];
  const remaining = count('queued') + count('uploading');
  if (remaining > 0) parts.push(`${remaining} in progress`);
  return parts.join(', ');
}
