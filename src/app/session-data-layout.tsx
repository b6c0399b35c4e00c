import { Outlet } from 'react-router';
import { OutboxProvider } from '../features/labelling/outbox/outbox-provider';

/** Around every signed-in page: the outbox that sends the user's answers, whichever page is open. */
export function SessionDataLayout() {
  return (
    <OutboxProvider>
      <Outlet />
    </OutboxProvider>
  );
}
