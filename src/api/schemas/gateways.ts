import { z } from '../zod';

const number = z.number().optional();
const storage = z.object({ total: number, free: number, used: number, percent: number }).optional();

const gatewayStatusSchema = z.object({
  platform: z
    .object({
      gpu: z.object({ mem_used: number, temperature: z.string().optional(), utilization: z.string().optional() }).optional(),
      sys_mem: z.object({ available: number, total: number, free: number, percent_used: number }).optional(),
      disk: storage,
      cpu: z.object({ idle: number, user: number, system: number }).optional(),
      network: z.object({ bytes_tx: number, bytes_rx: number, errors: number, drops: number }).optional(),
    })
    .optional(),
  timestamp: number,
  cameras: z
    .record(
      z.string(),
      z.object({ rxframes: number, queue_full: number, nospace: number, badframes: number, last_rxframe: number, url: z.string().optional() }),
    )
    .optional(),
  cloud_connectivity: z.boolean().optional(),
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
  current_status: gatewayStatusSchema.nullable(),
  previous_status: gatewayStatusSchema.nullable(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

export type GatewayInput = Partial<
  Pick<
    Gateway,
    'name' | 'description' | 'location' | 'poll_interval' | 'ip_address' | 'mac_address' | 'serial_number' | 'model_deployment_policy'
  >
>;
