import { useState, useSyncExternalStore } from 'react';
import { createUploadQueue, type UploadFile, type UploadQueue } from './upload-queue';
import { uploadToSubject } from './upload-to-subject';

/** One queue for the page's lifetime, and its items as React state. */
export function useUploadQueue(upload: UploadFile = uploadToSubject) {
  const [queue] = useState<UploadQueue>(() => createUploadQueue({ upload }));
  const items = useSyncExternalStore(queue.subscribe, queue.getItems);
  return { items, add: queue.add };
}
