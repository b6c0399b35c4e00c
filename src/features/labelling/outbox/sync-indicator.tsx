import './sync-indicator.css';
import type { OutboxStatus } from '../queue/outbox';

/** Short words for the sync state, and a longer explanation for the tooltip. */
function describeSync({ state, waiting }: OutboxStatus): { text: string; detail: string } {
  switch (state) {
    case 'saved-locally':
      return { text: 'Saved here', detail: `${waiting} answer(s) saved in this browser, about to be sent.` };
    case 'sending':
      return { text: 'Sending…', detail: `Sending ${waiting} answer(s).` };
    case 'waiting':
      return { text: `${waiting} waiting`, detail: 'The service did not take them yet; trying again shortly. They are saved in this browser.' };
    case 'offline':
      return { text: waiting > 0 ? `Offline, ${waiting} waiting` : 'Offline', detail: 'Answers are saved in this browser and sent when the network is back.' };
    case 'paused-auth':
      return { text: `Sign in to send ${waiting}`, detail: 'Your session expired. Sign in again; nothing is lost.' };
    case 'all-sent':
    case 'idle':
      return { text: 'All sent', detail: 'Every answer reached the service.' };
  }
}

export function SyncIndicator({ status }: { status: OutboxStatus }) {
  const { text, detail } = describeSync(status);
  return (
    <span role="status" aria-live="polite" className={`sync sync--${status.state}`} title={detail}>
      {text}
    </span>
  );
}
