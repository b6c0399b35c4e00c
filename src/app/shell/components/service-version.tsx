import { useQuery } from '@tanstack/react-query';
import { serviceVersionQueryOptions, serviceVersionText } from '../api/service-version';

export function ServiceVersion() {
  const version = useQuery(serviceVersionQueryOptions());
  if (version.isPending) return <span>Service …</span>;
  if (version.isError) return <span>Service version unavailable</span>;
  return (
    <span title={`Built ${version.data.build_time}`}>{serviceVersionText(version.data)}</span>
  );
}
