import type { ApiClient } from '../client';
import { listOf } from '../schemas/envelopes';
import { gatewaySchema } from '../schemas/gateways';

export const listGateways = (client: ApiClient, tenantId = 'current') =>
  client.request(`/1/tenants/${encodeURIComponent(tenantId)}/gateways`, listOf(gatewaySchema));

export const getGateway = (client: ApiClient, gatewayId: string) => client.request(`/1/gateways/${encodeURIComponent(gatewayId)}`, gatewaySchema);
