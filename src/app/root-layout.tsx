import { Outlet } from 'react-router';
import { ReauthDialog } from '../features/auth/components/reauth-dialog';

/** Above every page: the "Sign in again" dialog, so an expired token never takes the person off their page. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ReauthDialog />
    </>
  );
}
