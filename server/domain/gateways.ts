import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Gateway, GatewayInput, GatewayStatus } from '../../src/api/schemas/gateways';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { gateways } from '../db/schema';
import { notFound } from '../errors';

type GatewayRow = typeof gateways.$inferSelect;

const count = z.number().int().min(0);
const space = z.object({ total: count, free: count, used: count, percent: z.number() }).partial();

/** A status report: the interface's fields are typed when present; other keys are dropped. */
export const gatewayStatusSchema = z.object({
  platform: z
    .looseObject({
      gpu: z.object({ mem_used: count, temperature: z.string(), utilization: z.string() }).partial(),
      sys_mem: z.object({ available: count, total: count, free: count, percent_used: z.number() }).partial(),
      disk: space,
      cpu: z.object({ idle: z.number(), user: z.number(), system: z.number() }).partial(),
      network: z.object({ bytes_tx: count, bytes_rx: count, errors: count, drops: count }).partial(),
    })
    .partial(),
  timestamp: z.number(),
  cameras: z.record(
    z.string(),
    z
      .looseObject({
        rxframes: count,
        queue_full: count,
        nospace: count,
        badframes: count,
        last_rxframe: z.number(),
        url: z.string(),
      })
      .partial(),
  ),
  cloud_connectivity: z.boolean(),
  local_disk_cache: space,
  image_cache: space,
}).partial() satisfies z.ZodType<GatewayStatus>;

const shortText = z.string().max(1000);

export const gatewayFields = z
  .object({
    name: z.string().trim().min(1, 'Use 1 to 100 characters.').max(100, 'Use 1 to 100 characters.'),
    description: shortText,
    location: shortText,
    poll_interval: z.number().int('Use a whole number of seconds.').min(1).max(86_400),
    ip_address: z.union([z.literal(''), z.ipv4(), z.ipv6()], { message: 'Give an IPv4 or IPv6 address.' }),
    mac_address: z
      .string()
      .regex(/^$|^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, 'Give a MAC address such as 00:1a:2b:3c:4d:5e.'),
    serial_number: z.string().max(200),
    model_deployment_policy: z.string().min(1).max(50),
  })
  .partial() satisfies z.ZodType<GatewayInput>;

export { gatewaySchema } from '../../src/api/schemas/gateways';

function toGateway(row: GatewayRow): Gateway {
  return {
    gateway_id: row.gatewayId,
    tenant_id: row.tenantId,
    name: row.name,
    description: row.description,
    location: row.location,
    poll_interval: row.pollInterval,
    ip_address: row.ipAddress,
    mac_address: row.macAddress,
    serial_number: row.serialNumber,
    model_deployment_policy: row.modelDeploymentPolicy,
    created_at: row.createdAt,
    modified_at: row.modifiedAt,
    created_by: row.createdBy,
    current_status: row.currentStatus,
    previous_status: row.previousStatus,
  };
}

const columnsOf = (input: GatewayInput) => ({
  name: input.name,
  description: input.description,
  location: input.location,
  pollInterval: input.poll_interval,
  ipAddress: input.ip_address,
  macAddress: input.mac_address,
  serialNumber: input.serial_number,
  modelDeploymentPolicy: input.model_deployment_policy,
});

const ofTenant = (tenantId: string, gatewayId: string) =>
  and(eq(gateways.gatewayId, gatewayId), eq(gateways.tenantId, tenantId));

const GATEWAY_NOT_FOUND = 'Gateway not found.';

export async function getGateway(db: Database, tenantId: string, gatewayId: string): Promise<Gateway> {
  const [row] = await db.select().from(gateways).where(ofTenant(tenantId, gatewayId));
  if (!row) throw notFound(GATEWAY_NOT_FOUND);
  return toGateway(row);
}

export async function listGateways(db: Database, tenantId: string): Promise<Gateway[]> {
  const rows = await db
    .select()
    .from(gateways)
    .where(eq(gateways.tenantId, tenantId))
    .orderBy(asc(gateways.createdAt), asc(gateways.gatewayId));
  return rows.map(toGateway);
}

export async function createGateway(
  db: Database,
  tenantId: string,
  createdBy: string,
  input: GatewayInput & { name: string },
): Promise<Gateway> {
  const now = Date.now() / 1000;
  const [row] = await db
    .insert(gateways)
    .values({ ...columnsOf(input), name: input.name, gatewayId: newId('gw'), tenantId, createdBy, createdAt: now, modifiedAt: now })
    .returning();
  return toGateway(row!);
}

async function updateRow(db: Database, tenantId: string, gatewayId: string, changes: PgUpdateSetSource<typeof gateways>) {
  const [row] = await db
    .update(gateways)
    .set({ ...changes, modifiedAt: Date.now() / 1000 })
    .where(ofTenant(tenantId, gatewayId))
    .returning();
  if (!row) throw notFound(GATEWAY_NOT_FOUND);
  return toGateway(row);
}

export const updateGateway = (db: Database, tenantId: string, gatewayId: string, input: GatewayInput) =>
  updateRow(db, tenantId, gatewayId, columnsOf(input));

/** The report becomes `current_status`; the one it replaces becomes `previous_status`, in one statement. */
export const reportGatewayStatus = (db: Database, tenantId: string, gatewayId: string, status: GatewayStatus) =>
  updateRow(db, tenantId, gatewayId, { previousStatus: sql`${gateways.currentStatus}`, currentStatus: status });

export async function deleteGateway(db: Database, tenantId: string, gatewayId: string): Promise<void> {
  const deleted = await db.delete(gateways).where(ofTenant(tenantId, gatewayId)).returning({ id: gateways.gatewayId });
  if (deleted.length === 0) throw notFound(GATEWAY_NOT_FOUND);
}
