import { queryOptions, useQuery } from '@tanstack/react-query';
import { getGateway, listGateways } from '../../../api/endpoints/gateways';
import { getApiClient } from '../../../lib/api-client';

const gatewayKeys = {
  all: ['gateways'] as const,
  list: (tenantId: string) => [...gatewayKeys.all, 'list', { tenantId }] as const,
  detail: (gatewayId: string) => [...gatewayKeys.all, 'detail', gatewayId] as const,
};

const gatewaysQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: gatewayKeys.list(tenantId),
    queryFn: async () => (await listGateways(getApiClient())).data,
  });

const gatewayQueryOptions = (gatewayId: string) =>
  queryOptions({ queryKey: gatewayKeys.detail(gatewayId), queryFn: () => getGateway(getApiClient(), gatewayId) });

export const useGateways = (tenantId: string) => useQuery(gatewaysQueryOptions(tenantId));
export const useGateway = (gatewayId: string) => useQuery(gatewayQueryOptions(gatewayId));
