import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ReauthDialog } from '../features/auth/components/reauth-dialog';

/** Above every page: the "Sign in again" dialog, so an expired token never takes the person off their page. */
export function RootLayout() {
  return (
    <>
      {/* Only the first page shows this empty fallback while its code loads: React Router makes every later
          navigation a transition, which keeps the current page on screen until the next one's code is there. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ReauthDialog />
    </>
  );
}
