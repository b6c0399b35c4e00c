import { z } from '../zod';

const number = z.optional(z.number());
const storage = z.optional(z.object({ total: number, free: number, used: number, percent: number }));

const gatewayStatusSchema = z.object({
  platform: z.optional(
    z.object({
      gpu: z.optional(z.object({ mem_used: number, temperature: z.optional(z.string()), utilization: z.optional(z.string()) })),
      sys_mem: z.optional(z.object({ available: number, total: number, free: number, percent_used: number })),
      disk: storage,
      cpu: z.optional(z.object({ idle: number, user: number, system: number })),
      network: z.optional(z.object({ bytes_tx: number, bytes_rx: number, errors: number, drops: number })),
    }),
  ),
  timestamp: number,
  cameras: z.optional(
    z.record(
      z.string(),
      z.object({ rxframes: number, queue_full: number, nospace: number, badframes: number, last_rxframe: number, url: z.optional(z.string()) }),
    ),
  ),
  cloud_connectivity: z.optional(z.boolean()),
  local_disk_cache: storage,
  image_cache: storage,
});
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;

export const gatewaySchema = z.object({
  gateway_id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  poll_interval: z.number(),
  ip_address: z.string(),
  mac_address: z.string(),
  serial_number: z.string(),
  model_deployment_policy: z.string(),
  created_at: z.number(),
  modified_at: z.number(),
  created_by: z.string(),
  current_status: z.nullable(gatewayStatusSchema),
  previous_status: z.nullable(gatewayStatusSchema),
});
export type Gateway = z.infer<typeof gatewaySchema>;

export type GatewayInput = Partial<
  Pick<
    Gateway,
    'name' | 'description' | 'location' | 'poll_interval' | 'ip_address' | 'mac_address' | 'serial_number' | 'model_deployment_policy'
  >
>;
