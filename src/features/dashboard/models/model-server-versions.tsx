import { Alert } from '../../../components/alert';
import { formatDateTime } from '../shared/format-time';
import { useModelServer, useModelServerVersions } from './model-server-queries';

/**
 * The model versions the application's model server reported, newest first, beside the releases: a server that
 * trained on the answers it was sent reports a new version, which the next predictions carry. Nothing without a server.
 */
export function ModelServerVersions({ appId, canManage }: { appId: string; canManage: boolean }) {
  const server = useModelServer(appId, canManage);
  const versions = useModelServerVersions(appId, canManage && Boolean(server.data));
  if (!canManage || !server.data) return null;
  if (versions.isError) return <Alert>{versions.error.message}</Alert>;
  return (
    <div className="model-server-versions">
      <h3 className="subsection-title">Model server versions</h3>
      <p className="muted">
        {server.data.url} · now {server.data.model_version ?? 'unversioned'}
      </p>
      <table className="data-table" aria-label="Model server versions">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">First seen</th>
          </tr>
        </thead>
        <tbody>
          {(versions.data ?? []).map((version) => (
            <tr key={version.model_version}>
              <td>{version.model_version}</td>
              <td>{formatDateTime(version.first_seen_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
