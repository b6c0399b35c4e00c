import { eq } from 'drizzle-orm';
import type { GatewayStatus } from '../../src/api/schemas/gateways';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { gateways } from '../db/schema';
import { DEMO_ACCOUNTS } from './seed-identity';

const GIB = 1024 ** 3;

interface StatusShape {
  cpuIdle: number;
  memoryUsed: number;
  diskUsed: number;
  frames: number;
  badFrames: number;
  online: boolean;
}

function statusReport(timestamp: number, given: StatusShape): GatewayStatus {
  // The interface's byte counters are integers.
  const shape = { ...given, memoryUsed: Math.round(given.memoryUsed), diskUsed: Math.round(given.diskUsed) };
  const memoryTotal = 8 * GIB;
  const diskTotal = 120 * GIB;
  const cacheTotal = 20 * GIB;
  const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
  return {
    platform: {
      gpu: { mem_used: 512 * 1024 ** 2, temperature: '51C', utilization: '23%' },
      sys_mem: {
        total: memoryTotal,
        available: memoryTotal - shape.memoryUsed,
        free: memoryTotal - shape.memoryUsed,
        percent_used: percent(shape.memoryUsed, memoryTotal),
      },
      disk: { total: diskTotal, used: shape.diskUsed, free: diskTotal - shape.diskUsed, percent: percent(shape.diskUsed, diskTotal) },
      cpu: { idle: shape.cpuIdle, user: Math.round((100 - shape.cpuIdle) * 0.7 * 10) / 10, system: Math.round((100 - shape.cpuIdle) * 0.3 * 10) / 10 },
      network: { bytes_tx: shape.frames * 41_000, bytes_rx: shape.frames * 2_100, errors: 0, drops: shape.badFrames },
    },
    timestamp,
    cameras: {
      'belt-cam-1': {
        rxframes: shape.frames,
        queue_full: 0,
        nospace: 0,
        badframes: shape.badFrames,
        last_rxframe: timestamp - 1,
        url: 'rtsp://10.20.0.31/stream1',
      },
    },
    cloud_connectivity: shape.online,
    local_disk_cache: { total: cacheTotal, used: 3 * GIB, free: cacheTotal - 3 * GIB, percent: percent(3 * GIB, cacheTotal) },
    image_cache: { total: 2 * GIB, used: GIB / 4, free: (7 * GIB) / 4, percent: 12.5 },
  };
}

/** Two edge gateways of the demo tenant, each with a current and a previous status report; once. */
export async function seedGateways(db: Database, tenantId: string, now = Date.now() / 1000): Promise<number> {
  const existing = await db.select({ id: gateways.gatewayId }).from(gateways).where(eq(gateways.tenantId, tenantId)).limit(1);
  if (existing.length > 0) return 0;
  const base = { tenantId, createdAt: now - 86_400, modifiedAt: now - 86_400, createdBy: DEMO_ACCOUNTS.admin.email };
  await db.insert(gateways).values([
    {
      ...base,
      gatewayId: newId('gw'),
      name: 'Line 1 edge box',
      description: 'Runs the part applications next to the first conveyor.',
      location: 'Hall A, line 1',
      pollInterval: 60,
      ipAddress: '10.20.0.11',
      macAddress: '02:42:0a:14:00:0b',
      serialNumber: 'LL-EDGE-0001',
      modelDeploymentPolicy: 'automatic',
      previousStatus: statusReport(now - 120, { cpuIdle: 71, memoryUsed: 3.1 * GIB, diskUsed: 41 * GIB, frames: 18_220, badFrames: 3, online: true }),
      currentStatus: statusReport(now - 60, { cpuIdle: 64, memoryUsed: 3.4 * GIB, diskUsed: 41.2 * GIB, frames: 18_400, badFrames: 3, online: true }),
    },
    {
      ...base,
      gatewayId: newId('gw'),
      name: 'Packing station',
      description: 'Watches the fill level at the packing station; its uplink drops now and then.',
      location: 'Hall B, packing',
      pollInterval: 120,
      ipAddress: '10.20.1.7',
      macAddress: '02:42:0a:14:01:07',
      serialNumber: 'LL-EDGE-0002',
      modelDeploymentPolicy: 'manual',
      previousStatus: statusReport(now - 600, { cpuIdle: 88, memoryUsed: 1.9 * GIB, diskUsed: 97 * GIB, frames: 5_030, badFrames: 12, online: true }),
      currentStatus: statusReport(now - 360, { cpuIdle: 90, memoryUsed: 2 * GIB, diskUsed: 98.5 * GIB, frames: 5_060, badFrames: 19, online: false }),
    },
  ]);
  return 2;
}
