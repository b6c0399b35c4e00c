import type { GatewayStatus } from '../../../api/schemas/gateways';
import { compareCameras, compareStatus, describeAge, formatBytes, formatDelta } from './gateway-status';

const previous: GatewayStatus = {
  timestamp: 1000,
  platform: { cpu: { idle: 80, user: 15, system: 5 }, sys_mem: { percent_used: 40 }, network: { errors: 2 } },
  cameras: { cam1: { rxframes: 100, url: 'rtsp://cam1' } },
  cloud_connectivity: true,
};
const current: GatewayStatus = {
  timestamp: 1060,
  platform: { cpu: { idle: 55 }, sys_mem: { percent_used: 42.5, available: 2 * 1024 ** 3 }, network: { errors: 2 } },
  cameras: { cam2: { rxframes: 10 }, cam1: { rxframes: 160, badframes: 1, url: 'rtsp://cam1' } },
  cloud_connectivity: false,
};

describe('compareStatus', () => {
  it('puts each reading beside the previous one with the change', () => {
    const readings = compareStatus(current, previous);
    expect(readings.find((r) => r.label === 'CPU busy')).toEqual({ label: 'CPU busy', current: '45%', previous: '20%', delta: 25, change: '+25' });
    expect(readings.find((r) => r.label === 'Memory used')).toMatchObject({ current: '42.5%', previous: '40%', delta: 2.5 });
    expect(readings.find((r) => r.label === 'Memory available')).toMatchObject({ current: '2.0 GiB', previous: '—', delta: undefined });
    expect(readings.find((r) => r.label === 'Network errors')).toMatchObject({ delta: 0 });
    expect(readings.find((r) => r.label === 'Connectivity')).toMatchObject({ current: 'Offline', previous: 'Connected' });
  });

  it('shows the change of a byte reading in bytes, not as a raw number', () => {
    const disk = (free: number): GatewayStatus => ({ timestamp: 1, platform: { disk: { free } } });
    const readings = compareStatus(disk(10 * 1024 ** 3), disk(10.5 * 1024 ** 3));
    expect(readings.find((r) => r.label === 'Disk free')).toMatchObject({ current: '10.0 GiB', change: '−512.0 MiB' });
  });

  it('reads a gateway that never reported as all dashes', () => {
    const readings = compareStatus(null, null);
    expect(readings.every((r) => r.current === '—' && r.previous === '—' && r.delta === undefined)).toBe(true);
  });
});

describe('compareCameras', () => {
  it('counts frames since the previous report, and none for a new camera', () => {
    expect(compareCameras(current, previous)).toEqual([
      { cameraId: 'cam1', url: 'rtsp://cam1', rxframes: 160, framesSinceLast: 60, badframes: 1, queueFull: undefined, noSpace: undefined },
      { cameraId: 'cam2', url: '', rxframes: 10, framesSinceLast: undefined, badframes: undefined, queueFull: undefined, noSpace: undefined },
    ]);
  });
});

describe('formatting', () => {
  it('describes how old a report is', () => {
    expect(describeAge(1000, 1030)).toBe('just now');
    expect(describeAge(1000, 1000 + 3 * 60 + 10)).toBe('3 min ago');
    expect(describeAge(1000, 1000 + 2 * 3600)).toBe('2 h ago');
    expect(describeAge(0, 86_400)).toBe('1 day ago');
    expect(describeAge(2000, 1000)).toBe('just now');
  });

  it('formats bytes and signed changes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatDelta(3)).toBe('+3');
    expect(formatDelta(-3)).toBe('−3');
    expect(formatDelta(0)).toBe('±0');
    expect(formatDelta(undefined)).toBe('');
    expect(formatDelta(-1.5 * 1024 * 1024, formatBytes)).toBe('−1.5 MiB');
  });
});
