import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useGateways } from './gateway-queries';
import { GatewayFlags } from './gateway-flags';
import { gatewayProblems } from './gateway-problems';
import { describeAge } from './gateway-status';

function summary(needingAttention: number, total: number): string {
  if (needingAttention === 0) return total === 1 ? 'The gateway is healthy.' : `All ${total} gateways are healthy.`;
  if (total === 1) return 'The gateway needs attention.';
  return `${needingAttention} of ${total} gateways ${needingAttention === 1 ? 'needs' : 'need'} attention.`;
}

/** The tenant's gateways, each with what is wrong with it at a glance. */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const gateways = useGateways(tenantId);
  const now = Date.now() / 1000;
  const rows = (gateways.data ?? []).map((gateway) => ({ gateway, problems: gatewayProblems(gateway, now) }));
  return (
    <>
      <PageHeader
        title="Gateways"
        description={rows.length > 0 ? summary(rows.filter((row) => row.problems.length > 0).length, rows.length) : undefined}
      />
      {gateways.isPending ? (
        <Spinner label="Loading gateways…" />
      ) : gateways.isError ? (
        <Alert>{gateways.error.message}</Alert>
      ) : gateways.data.length === 0 ? (
        <EmptyState title="No gateways">Edge devices show here once a tenant administrator registers them.</EmptyState>
      ) : (
        <table className="data-table" aria-label="Gateways">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">Last report</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ gateway, problems }) => {
              const status = gateway.current_status;
              return (
                <tr key={gateway.gateway_id}>
                  <td>
                    <Link to={`/t/${encodeURIComponent(tenantId)}/gateways/${encodeURIComponent(gateway.gateway_id)}`}>{gateway.name}</Link>
                  </td>
                  <td>{gateway.location || '—'}</td>
                  <td>
                    <GatewayFlags problems={problems} reported={!!status} />
                  </td>
                  <td>{status?.timestamp === undefined ? 'Never reported' : describeAge(status.timestamp, now)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
