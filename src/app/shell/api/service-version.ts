import { queryOptions } from '@tanstack/react-query';
import { getVersion } from '../../../api/endpoints/identity';
import type { VersionRecord } from '../../../api/schemas/identity';
import { getApiClient } from '../../../lib/api-client';

export const serviceVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['service-version'],
    queryFn: () => getVersion(getApiClient()),
    staleTime: Infinity,
  });

/** The footer's words for the service: the interface version, and the build when it has a number (0: a local build). */
export const serviceVersionText = ({ version, build_number: build }: VersionRecord): string =>
  `API v${version} · ${build > 0 ? `build ${build}` : 'local build'}`;
