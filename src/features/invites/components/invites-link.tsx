import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { myInvitesQueryOptions } from '../api/my-invites';

/** The shell's link to pending invites, with how many there are. */
export function InvitesLink({ email }: { email: string }) {
  const invites = useQuery(myInvitesQueryOptions(email));
  const count = invites.data?.length ?? 0;
  return (
    <NavLink to="/invites" className="topbar__link">
      Invites
      {count > 0 && (
        <>
          {' '}
          <span className="badge" aria-hidden="true">
            {count}
          </span>
          <span className="visually-hidden">({count} pending)</span>
        </>
      )}
    </NavLink>
  );
}
