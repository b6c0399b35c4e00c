import type { GatewayStatus } from '../../../api/schemas/gateways';

/** One reading in the current report beside the same reading in the report before it. */
export interface StatusReading {
  label: string;
  current: string;
  previous: string;
  /** Current minus previous, when both are numbers. */
  delta?: number;
  /** The delta for people: signed, in the reading's unit ("+3.8", "−307.2 MiB"); empty without one. */
  change: string;
}

export interface CameraReading {
  cameraId: string;
  url: string;
  rxframes?: number;
  /** Frames received since the previous report; undefined when the camera was not in it. */
  framesSinceLast?: number;
  badframes?: number;
  queueFull?: number;
  noSpace?: number;
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

const percent = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value * 10) / 10}%`);
const text = (value: string | number | undefined) => (value === undefined ? '—' : String(value));
const delta = (current: number | undefined, previous: number | undefined) =>
  current === undefined || previous === undefined ? undefined : Math.round((current - previous) * 10) / 10;

/** The readings a gateway page compares; absent parts of a report read as "—". */
export function compareStatus(current: GatewayStatus | null, previous: GatewayStatus | null): StatusReading[] {
  const now = current?.platform;
  const before = previous?.platform;
  const busy = (cpu: { idle?: number } | undefined) => (cpu?.idle === undefined ? undefined : 100 - cpu.idle);
  const row = (
    label: string,
    pick: (status: GatewayStatus['platform']) => number | undefined,
    format: (value: number | undefined) => string,
    formatChange: (value: number) => string = String,
  ): StatusReading => {
    const difference = delta(pick(now), pick(before));
    return { label, current: format(pick(now)), previous: format(pick(before)), delta: difference, change: formatDelta(difference, formatChange) };
  };
  return [
    row('CPU busy', (p) => busy(p?.cpu), percent),
    row('Memory used', (p) => p?.sys_mem?.percent_used, percent),
    row('Memory available', (p) => p?.sys_mem?.available, formatBytes, formatBytes),
    row('Disk used', (p) => p?.disk?.percent, percent),
    row('Disk free', (p) => p?.disk?.free, formatBytes, formatBytes),
    row('GPU memory used', (p) => p?.gpu?.mem_used, formatBytes, formatBytes),
    {
      label: 'GPU utilisation',
      current: text(now?.gpu?.utilization),
      previous: text(before?.gpu?.utilization),
      change: '',
    },
    { label: 'GPU temperature', current: text(now?.gpu?.temperature), previous: text(before?.gpu?.temperature), change: '' },
    row('Network sent', (p) => p?.network?.bytes_tx, formatBytes, formatBytes),
    row('Network received', (p) => p?.network?.bytes_rx, formatBytes, formatBytes),
    row('Network errors', (p) => p?.network?.errors, text),
    row('Network drops', (p) => p?.network?.drops, text),
    {
      label: 'Connectivity',
      current: describeConnectivity(current?.cloud_connectivity),
      previous: describeConnectivity(previous?.cloud_connectivity),
      change: '',
    },
  ];
}

function describeConnectivity(connected: boolean | undefined): string {
  if (connected === undefined) return '—';
  return connected ? 'Connected' : 'Offline';
}

export function compareCameras(current: GatewayStatus | null, previous: GatewayStatus | null): CameraReading[] {
  return Object.entries(current?.cameras ?? {})
    .map(([cameraId, camera]) => {
      const before = previous?.cameras?.[cameraId];
      return {
        cameraId,
        url: camera.url ?? '',
        rxframes: camera.rxframes,
        framesSinceLast: delta(camera.rxframes, before?.rxframes),
        badframes: camera.badframes,
        queueFull: camera.queue_full,
        noSpace: camera.nospace,
      };
    })
    .sort((a, b) => a.cameraId.localeCompare(b.cameraId));
}

/** "just now", "3 min ago", "2 h ago", "4 days ago". */
export function describeAge(seconds: number, nowSeconds: number): string {
  const elapsed = Math.max(0, nowSeconds - seconds);
  if (elapsed < 60) return 'just now';
  if (elapsed < 3600) return `${Math.floor(elapsed / 60)} min ago`;
  if (elapsed < 86_400) return `${Math.floor(elapsed / 3600)} h ago`;
  const days = Math.floor(elapsed / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

export function formatDelta(value: number | undefined, format: (magnitude: number) => string = String): string {
  if (value === undefined) return '';
  if (value === 0) return '±0';
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}
