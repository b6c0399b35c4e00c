import type { Gateway, GatewayStatus } from '../../../api/schemas/gateways';
import { formatBytes } from './gateway-status';

/** A disk fuller than this, in percent, is flagged. */
const DISK_FULL_PERCENT = 80;
/** A gateway that missed this many reports in a row is flagged as not reporting. */
const MISSED_REPORTS = 3;

type ProblemKind = 'offline' | 'silent' | 'disk' | 'camera';

/** Something an operator should look at; offline and silent gateways are urgent, the rest are warnings. */
export interface GatewayProblem {
  kind: ProblemKind;
  severity: 'danger' | 'warning';
  /** A few words for the list: "Offline", "Disk 82% full", "belt-cam-1 dropping frames". */
  label: string;
  /** A sentence for the gateway page. */
  detail: string;
  /** The camera concerned, for a camera problem. */
  cameraId?: string;
}

type CameraCounters = NonNullable<GatewayStatus['cameras']>[string];

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

function duration(seconds: number): string {
  if (seconds < 120) return plural(Math.round(seconds), 'second');
  if (seconds < 2 * 3600) return plural(Math.round(seconds / 60), 'minute');
  if (seconds < 2 * 86_400) return plural(Math.round(seconds / 3600), 'hour');
  return plural(Math.round(seconds / 86_400), 'day');
}

/** How much a cumulative counter grew since the previous report; 0 when it did not, or was reset. */
const growth = (now: number | undefined, before: number | undefined) =>
  now === undefined || before === undefined ? 0 : Math.max(0, now - before);

function cameraProblem(cameraId: string, now: CameraCounters, before: CameraCounters | undefined): GatewayProblem | null {
  // Counters count from the camera's start: without the previous report there is no rate to judge.
  if (!before) return null;
  const losses = [
    { count: growth(now.badframes, before.badframes), why: 'bad' },
    { count: growth(now.queue_full, before.queue_full), why: 'dropped on a full queue' },
    { count: growth(now.nospace, before.nospace), why: 'dropped for want of space' },
  ].filter(({ count }) => count > 0);
  if (losses.length > 0) {
    const total = losses.reduce((sum, { count }) => sum + count, 0);
    return {
      kind: 'camera',
      severity: 'warning',
      cameraId,
      label: `${cameraId} dropping frames`,
      detail: `Camera ${cameraId} lost ${plural(total, 'frame')} since the previous report (${losses
        .map(({ count, why }) => `${count.toLocaleString('en')} ${why}`)
        .join(', ')}).`,
    };
  }
  if (now.rxframes !== undefined && before.rxframes !== undefined && now.rxframes <= before.rxframes) {
    return {
      kind: 'camera',
      severity: 'warning',
      cameraId,
      label: `${cameraId} sends no frames`,
      detail: `Camera ${cameraId} sent no frames since the previous report.`,
    };
  }
  return null;
}

/**
 * What is wrong with a gateway, judged from its last two reports and their age: offline (its report says so) or not
 * reporting (no report for MISSED_REPORTS poll intervals), a disk over DISK_FULL_PERCENT, cameras losing frames.
 * A gateway that never reported has no problems here; the page says it never reported.
 */
export function gatewayProblems(
  gateway: Pick<Gateway, 'current_status' | 'previous_status' | 'poll_interval'>,
  nowSeconds: number,
): GatewayProblem[] {
  const current = gateway.current_status;
  if (!current) return [];
  const problems: GatewayProblem[] = [];
  const silence = current.timestamp === undefined ? 0 : nowSeconds - current.timestamp;
  const interval = Math.max(1, gateway.poll_interval);
  if (current.cloud_connectivity === false) {
    problems.push({ kind: 'offline', severity: 'danger', label: 'Offline', detail: 'Offline: its last report says it has no connection to the cloud.' });
  } else if (silence > MISSED_REPORTS * interval) {
    problems.push({
      kind: 'silent',
      severity: 'danger',
      label: 'Not reporting',
      detail: `Not reporting: no report for ${duration(silence)}, though it reports every ${duration(interval)}.`,
    });
  }
  const disk = current.platform?.disk;
  if (disk?.percent !== undefined && disk.percent > DISK_FULL_PERCENT) {
    const percent = Math.round(disk.percent);
    problems.push({
      kind: 'disk',
      severity: 'warning',
      label: `Disk ${percent}% full`,
      detail: `The disk is ${percent}% full${disk.free === undefined ? '' : `, ${formatBytes(disk.free)} free`}.`,
    });
  }
  for (const [cameraId, camera] of Object.entries(current.cameras ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const problem = cameraProblem(cameraId, camera, gateway.previous_status?.cameras?.[cameraId]);
    if (problem) problems.push(problem);
  }
  return problems;
}
