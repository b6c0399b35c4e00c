import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { describeTenantType, formatDate } from '../../../lib/format';
import { tenantMembersQueryOptions, tenantQueryOptions } from '../api/current-tenant';

const ROLE_NAMES = { tenant_admin: 'Administrator', tenant_user: 'Member' } as const;

function Members({ tenantId }: { tenantId: string }) {
  const members = useQuery(tenantMembersQueryOptions(tenantId));
  if (members.isPending) return <Spinner label="Loading members…" />;
  if (members.isError) return <Alert>{members.error.message}</Alert>;
  return (
    <table className="data-table" aria-labelledby="members-title">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
        </tr>
      </thead>
      <tbody>
        {members.data.map((member) => (
          <tr key={member.user_id}>
            <td>{[member.given_name, member.surname].filter(Boolean).join(' ') || '—'}</td>
            <td>{member.email}</td>
            <td>{ROLE_NAMES[member.role]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The tenant's home until the application dashboard takes this route over. */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const tenant = useQuery(tenantQueryOptions(tenantId));

  if (tenant.isPending) return <Spinner label="Loading tenant…" />;
  if (tenant.isError) return <Alert>{tenant.error.message}</Alert>;
  return (
    <>
      <PageHeader title={tenant.data.name} />
      <dl className="tenant-facts">
        <dt>Type</dt>
        <dd>{describeTenantType(tenant.data.type)}</dd>
        <dt>Created</dt>
        <dd>{formatDate(tenant.data.created_at)}</dd>
        <dt>Created by</dt>
        <dd>{tenant.data.created_by}</dd>
      </dl>
      <section aria-labelledby="members-title">
        <h2 id="members-title" className="section-title">
          Members
        </h2>
        <Members tenantId={tenantId} />
      </section>
    </>
  );
}
