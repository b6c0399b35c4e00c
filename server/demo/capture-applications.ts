import { and, eq } from 'drizzle-orm';
import type { Database } from '../db';
import { applications } from '../db/schema';
import { findTenantByName } from '../identity/tenants';
import { createApplication, updateApplication } from '../domain/applications';
import { restartCaptureLoop } from '../processing/capture/capture-loop';
import type { ServiceContext } from '../service-context';
import { startPhotoFeed } from './photo-feed';
import { isStreetFrame, readPhoto, readPhotoManifest } from './photo-library';
import { findOrCreateSubject } from './seed-applications';
import { DEMO_ACCOUNTS, DEMO_TENANT_NAME } from './seed-identity';
import { startSimulatedCamera } from './simulated-camera';

/** The demo's camera and feed, served on loopback by the service itself for as long as it runs. */
export interface DemoCaptureSources {
  cameraUrl: string;
  feedUrl: string;
  close(): Promise<void>;
}

/** Where the demo's camera and feed listened in the last run (from their applications), to listen there again. */
export interface DemoCapturePorts {
  camera?: number | undefined;
  feed?: number | undefined;
}

/** The sources, each at its port of the last run when it is free, so that the applications and their loops stay as they are. */
export async function startDemoCaptureSources(ports: DemoCapturePorts = {}): Promise<DemoCaptureSources> {
  const streetFrames = (await readPhotoManifest()).filter((photo) => isStreetFrame(photo.file));
  const frames = await Promise.all(streetFrames.map((photo) => readPhoto(photo.file)));
  const [camera, feed] = await Promise.all([
    startSimulatedCamera({ frames, framesPerSecond: 1, port: ports.camera }),
    startPhotoFeed(isStreetFrame, ports.feed),
  ]);
  return { cameraUrl: camera.snapshotUrl, feedUrl: feed.url, close: async () => void (await Promise.all([camera.close(), feed.close()])) };
}

export const CAPTURE_APPLICATIONS = [
  {
    name: 'Street camera',
    type: 'network_camera',
    subject: 'Camera: street camera',
    description: 'A simulated network camera on this computer, showing a street scene: a frame every 10 seconds.',
    settings: (sources: DemoCaptureSources) => ({ camera_url: sources.cameraUrl, interval_seconds: 10 }),
    url: 'camera_url',
  },
  {
    name: 'Photo feed',
    type: 'social_feed',
    subject: 'Feed: openly licensed photographs',
    description: "An RSS feed of the demo's photographs served on this computer, read every 5 minutes.",
    settings: (sources: DemoCaptureSources) => ({ feed_url: sources.feedUrl, interval_seconds: 300, max_items_per_poll: 20 }),
    url: 'feed_url',
  },
] as const;

const storedApplication = async (db: Database, tenantId: string, demo: (typeof CAPTURE_APPLICATIONS)[number]) =>
  (
    await db
      .select()
      .from(applications)
      .where(and(eq(applications.tenantId, tenantId), eq(applications.name, demo.name), eq(applications.type, demo.type)))
  )[0];

/** The port of a source's URL as stored; undefined for anything else. */
export const portOf = (url: unknown) => (typeof url === 'string' && URL.canParse(url) ? Number(new URL(url).port) || undefined : undefined);

/**
 * What the last run left of the demo: whether it seeded the capture applications (the last part of the demo it seeds,
 * so everything before them is there too), and the ports of their sources.
 */
export async function previousDemoCapture(db: Database): Promise<{ seeded: boolean; ports: DemoCapturePorts }> {
  const tenant = await findTenantByName(db, DEMO_TENANT_NAME);
  if (!tenant) return { seeded: false, ports: {} };
  const [camera, feed] = await Promise.all(CAPTURE_APPLICATIONS.map((demo) => storedApplication(db, tenant.id, demo)));
  return {
    seeded: camera !== undefined && feed !== undefined,
    ports: { camera: portOf(camera?.customFields.camera_url), feed: portOf(feed?.customFields.feed_url) },
  };
}

/**
 * The demo's capture applications, a camera and a feed, each with an output subject of its own. An application made
 * before whose source listens elsewhere now (its port was taken) gets the new URL, which starts its capture loop anew.
 */
export async function seedCaptureApplications(ctx: ServiceContext, tenantId: string, sources: DemoCaptureSources): Promise<void> {
  for (const demo of CAPTURE_APPLICATIONS) {
    const custom_fields = demo.settings(sources);
    const existing = await storedApplication(ctx.db, tenantId, demo);
    if (existing && existing.customFields[demo.url] === custom_fields[demo.url as keyof typeof custom_fields]) continue;
    const rules = { allowSpecialTypes: false };
    const outputSubject = await findOrCreateSubject(ctx, tenantId, demo.subject, demo.description);
    const application = existing
      ? await updateApplication(ctx.db, existing, { custom_fields: { ...existing.customFields, ...custom_fields } }, rules)
      : await createApplication(
          ctx.db,
          tenantId,
          DEMO_ACCOUNTS.admin.email,
          { name: demo.name, type: demo.type, description: demo.description, output_subjects: [outputSubject], app_managers: [DEMO_ACCOUNTS.manager.email], custom_fields },
          rules,
        );
    await restartCaptureLoop(ctx, application);
  }
}
