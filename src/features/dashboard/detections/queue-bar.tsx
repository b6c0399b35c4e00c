import { listApplicationDetections, listNextDetections } from '../../../api/endpoints/detections';
import type { DetectionsQuery } from '../../../api/schemas/detections';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { getApiClient } from '../../../lib/api-client';
import { describeQueued, useQueueForLabelling } from '../shared/queue-for-labelling';
import { clearSelection, selectSelectedIds, useDetectionSelection } from './detection-selection';

/** Past this many, "all shown" asks for a narrower filter: a queue of more is work for months, not a click. */
const MAX_QUEUED_AT_ONCE = 10_000;

/** Every media item the filters show, page after page (not only the pages scrolled to). */
async function everyShownMedia(appId: string, query: DetectionsQuery): Promise<string[]> {
  const client = getApiClient();
  const ids = new Set<string>();
  let page = await listApplicationDetections(client, appId, query);
  for (;;) {
    for (const record of page.data) ids.add(record.media.media_id);
    if (ids.size > MAX_QUEUED_AT_ONCE) throw new Error(`The filters show more than ${MAX_QUEUED_AT_ONCE.toLocaleString('en')} items: narrow them first.`);
    if (!page.paging.next) return [...ids];
    page = await listNextDetections(client, page.paging.next);
  }
}

/** For the application's managers: queue the selected items, or all the filters show, for labelling. */
export function QueueBar({ appId, query, shown }: { appId: string; query: DetectionsQuery; shown: string }) {
  const selected = useDetectionSelection(selectSelectedIds(appId));
  const queue = useQueueForLabelling(appId);
  const queueSelected = () => queue.mutate(async () => [...selected], { onSuccess: clearSelection });
  return (
    <div className="queue-bar" role="group" aria-label="Queue for labelling">
      <span className="muted" role="status">
        {shown}
        {selected.size > 0 && ` · ${selected.size.toLocaleString('en')} selected`}
      </span>
      {selected.size > 0 && (
        <>
          <Button variant="primary" busy={queue.isPending} onClick={queueSelected}>
            Queue selected for labelling
          </Button>
          <Button variant="ghost" onClick={clearSelection}>
            Clear selection
          </Button>
        </>
      )}
      <Button busy={queue.isPending} onClick={() => queue.mutate(() => everyShownMedia(appId, query))}>
        Queue all shown for labelling
      </Button>
      {queue.isSuccess && <Alert tone="info">{describeQueued(queue.data)}</Alert>}
      {queue.isError && <Alert>{queue.error.message}</Alert>}
    </div>
  );
}
