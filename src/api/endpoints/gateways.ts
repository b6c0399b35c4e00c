import type { ApiClient } from '../client';
import type { Gateway, ListResponse } from '../types';

export const listGateways = (client: ApiClient, tenantId = 'current') =>
  client.request<ListResponse<Gateway>>(`/1/tenants/${encodeURIComponent(tenantId)}/gateways`);

export const getGateway = (client: ApiClient, gatewayId: string) =>
  client.request<Gateway>(`/1/gateways/${encodeURIComponent(gatewayId)}`);
