import { Outlet } from 'react-router';
import { StatusSlot } from '../components/status-slot';
import { OutboxProvider } from '../features/labelling/outbox/outbox-provider';
import { OutboxStatus } from '../features/labelling/outbox/outbox-status';

/** Around every signed-in page: the outbox that sends the user's answers, whichever page is open, and its state. */
export function SessionDataLayout() {
  return (
    <OutboxProvider>
      <StatusSlot.Provider value={<OutboxStatus />}>
        <Outlet />
      </StatusSlot.Provider>
    </OutboxProvider>
  );
}
