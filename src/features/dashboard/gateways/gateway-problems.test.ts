import type { GatewayStatus } from '../../../api/schemas/gateways';
import { gatewayProblems } from './gateway-problems';

const GIB = 1024 ** 3;

function report(timestamp: number, changes: Partial<GatewayStatus> = {}, camera: Record<string, number> = {}): GatewayStatus {
  return {
    timestamp,
    cloud_connectivity: true,
    platform: { disk: { total: 120 * GIB, used: 40 * GIB, free: 80 * GIB, percent: 33.3 } },
    cameras: { 'belt-cam-1': { rxframes: 1000, badframes: 3, queue_full: 0, nospace: 0, ...camera } },
    ...changes,
  };
}

const gateway = (current: GatewayStatus | null, previous: GatewayStatus | null, poll_interval = 60) => ({
  current_status: current,
  previous_status: previous,
  poll_interval,
});

describe('gatewayProblems', () => {
  it('finds nothing wrong with a healthy gateway that reported on time', () => {
    expect(gatewayProblems(gateway(report(1060, {}, { rxframes: 1180 }), report(1000)), 1100)).toEqual([]);
  });

  it('flags the demo packing station: offline, its disk over 80 % and its camera losing frames', () => {
    const now = report(1000, {
      cloud_connectivity: false,
      platform: { disk: { total: 120 * GIB, used: 98.5 * GIB, free: 21.5 * GIB, percent: 82.1 } },
    }, { rxframes: 5060, badframes: 19 });
    const before = report(760, {}, { rxframes: 5030, badframes: 12 });
    expect(gatewayProblems(gateway(now, before, 120), 1010)).toEqual([
      { kind: 'offline', severity: 'danger', label: 'Offline', detail: 'Offline: its last report says it has no connection to the cloud.' },
      { kind: 'disk', severity: 'warning', label: 'Disk 82% full', detail: 'The disk is 82% full, 21.5 GiB free.' },
      {
        kind: 'camera',
        severity: 'warning',
        cameraId: 'belt-cam-1',
        label: 'belt-cam-1 dropping frames',
        detail: 'Camera belt-cam-1 lost 7 frames since the previous report (7 bad).',
      },
    ]);
  });

  it('calls a gateway silent after three missed reports, not before', () => {
    const reported = gateway(report(1000, {}, { rxframes: 1100 }), report(940), 60);
    expect(gatewayProblems(reported, 1000 + 180)).toEqual([]);
    expect(gatewayProblems(reported, 1000 + 720)).toEqual([
      {
        kind: 'silent',
        severity: 'danger',
        label: 'Not reporting',
        detail: 'Not reporting: no report for 12 minutes, though it reports every 60 seconds.',
      },
    ]);
  });

  it('counts every way a camera loses frames, and a camera that sends none', () => {
    const lossy = gateway(report(1060, {}, { rxframes: 1100, badframes: 4, queue_full: 2, nospace: 1 }), report(1000), 60);
    expect(gatewayProblems(lossy, 1060)[0]?.detail).toBe(
      'Camera belt-cam-1 lost 4 frames since the previous report (1 bad, 2 dropped on a full queue, 1 dropped for want of space).',
    );
    const stalled = gateway(report(1060), report(1000), 60);
    expect(gatewayProblems(stalled, 1060)).toEqual([
      expect.objectContaining({ kind: 'camera', label: 'belt-cam-1 sends no frames', detail: 'Camera belt-cam-1 sent no frames since the previous report.' }),
    ]);
  });

  it('does not judge a camera, or a gateway, without the reports to judge by', () => {
    expect(gatewayProblems(gateway(report(1060, {}, { badframes: 900 }), null), 1060)).toEqual([]);
    expect(gatewayProblems(gateway(null, null), 1060)).toEqual([]);
  });
});
