import type { Database } from '../db';
import type { ServiceContext } from '../service-context';
import { createDemoFeeder, DEFAULT_FEEDER_OPTIONS, DEMO_FIRST_WAITING, type DemoFeeder, type FillResult } from './feeder';
import { FIRST_PHOTOS, uploadDemoPhotos } from './photo-applications';
import { writePhotoHistory } from './photo-history';
import { seedApplications, type DemoApplicationSet } from './seed-applications';
import { seedGateways } from './seed-gateways';
import { portOf, previousDemoCapture, seedCaptureApplications, startDemoCaptureSources, type DemoCaptureSources } from './capture-applications';
import { seedIdentity, type DemoIdentity } from './seed-identity';


export interface DemoData {
  identity: DemoIdentity;
  applications: DemoApplicationSet;
  /**
   * Keeps the applications' feedback queues filled: `fillFirst()` then `start()` it once the service listens,
   * `stop()` it first on close.
   */
  feeder: DemoFeeder;
  /**
   * Gives every inspection-line application a request, uploads the photographs the photo applications have not had
   * yet (once each), then gives every inspection-line application DEMO_FIRST_WAITING requests (uploading scenes only
   * when some are missing). `scenes` counts both.
   */
  fillFirst(): Promise<FillResult>;
  /** Gives the photo applications their releases from the photographs' ground truth, once (`writePhotoHistory`). */
  writeHistory(): Promise<number>;
  /** Stops the history after the answer or release in hand; call it before closing the service. */
  stopHistory(): Promise<void>;
  /** The camera and the feed the demo's capture applications read, on loopback; closed with the service. */
  captureSources: DemoCaptureSources;
}

/**
 * What the demo needs before the service listens: its camera and feed, listening where they did in the last run, and
 * whether that run seeded the demo completely with these sources, so that the seeding can wait until the service
 * listens. A source whose port was taken meanwhile listens elsewhere: then its application gets the new URL before the
 * job queue runs a capture, which would read the old one (and whatever listens there now).
 */
export async function startDemoSources(db: Database): Promise<{ sources: DemoCaptureSources; seeded: boolean }> {
  const previous = await previousDemoCapture(db);
  const sources = await startDemoCaptureSources(previous.ports);
  const samePorts = portOf(sources.cameraUrl) === previous.ports.camera && portOf(sources.feedUrl) === previous.ports.feed;
  return { sources, seeded: previous.seeded && samePorts };
}

/**
 * Seeds every part of the demo data that is not there yet (identities, applications, gateways, the capture
 * applications reading `captureSources`; lookups once they exist). Its feeder gives every demo application a few
 * feedback requests, then fills the queues up to `waiting` (DEMO_WAITING) in the background and keeps them there: work
 * that depends on how many were answered meanwhile, so it runs once the service listens.
 */
export async function seedDemo(
  ctx: ServiceContext,
  captureSources: DemoCaptureSources,
  { waiting = DEFAULT_FEEDER_OPTIONS.waiting, photos = 'all' }: { waiting?: number | undefined; photos?: 'all' | 'first' | undefined } = {},
): Promise<DemoData> {
  const identity = await seedIdentity(ctx.db);
  const applications = await seedApplications(ctx, identity);
  await seedGateways(ctx.db, identity.tenantIds.demoLab);
  await seedCaptureApplications(ctx, identity.tenantIds.demoLab, captureSources);
  const feeder = createDemoFeeder(ctx, { identity, applications }, {
    ...DEFAULT_FEEDER_OPTIONS,
    waiting,
    refillBelow: Math.ceil(waiting * 0.8),
  });
  async function fillFirst(): Promise<FillResult> {
    // A scene takes a fraction of a second, a photograph the detector's time: each application can be tried at once.
    const first = await feeder.fill(1);
    const uploaded = await uploadDemoPhotos(ctx, identity, applications.photos.cameraUids, photos === 'first' ? FIRST_PHOTOS : null);
    const result = await feeder.fill(Math.min(waiting, DEMO_FIRST_WAITING));
    return { ...result, scenes: first.scenes + result.scenes + uploaded };
  }
  let historyStopped = false;
  let history: Promise<unknown> = Promise.resolve();
  // The history is measured on held-out photographs, which only the whole library holds.
  const writeHistory = () => {
    const written = photos === 'first' ? Promise.resolve(0) : writePhotoHistory(ctx, identity, applications.photos.applicationIds, () => historyStopped);
    history = written.catch(() => undefined);
    return written;
  };
  const stopHistory = async () => {
    historyStopped = true;
    await history;
  };
  return { identity, applications, feeder, fillFirst, writeHistory, stopHistory, captureSources };
}
