import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useGateways } from '../api/gateways';
import { describeAge } from '../utils/gateway-status';

export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const gateways = useGateways(tenantId);
  const now = Date.now() / 1000;
  return (
    <>
      <PageHeader title="Gateways" />
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
              <th scope="col">Connectivity</th>
              <th scope="col">Last report</th>
            </tr>
          </thead>
          <tbody>
            {gateways.data.map((gateway) => {
              const status = gateway.current_status;
              return (
                <tr key={gateway.gateway_id}>
                  <td>
                    <Link to={`/t/${encodeURIComponent(tenantId)}/gateways/${encodeURIComponent(gateway.gateway_id)}`}>{gateway.name}</Link>
                  </td>
                  <td>{gateway.location || '—'}</td>
                  <td>{status?.cloud_connectivity === undefined ? '—' : status.cloud_connectivity ? 'Connected' : 'Offline'}</td>
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
