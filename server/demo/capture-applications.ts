import { and, eq } from 'drizzle-orm';
import { applications } from '../db/schema';
import { createApplication, updateApplication } from '../domain/applications';
import { restartCaptureLoop } from '../processing/capture/capture-loop';
import type { ServiceContext } from '../service-context';
import { startPhotoFeed } from './photo-feed';
import { readPhoto, readPhotoManifest } from './photo-library';
import { findOrCreateSubject } from './seed-applications';
import { DEMO_ACCOUNTS } from './seed-identity';
import { startSimulatedCamera } from './simulated-camera';

/** The street clip's frames among the photographs: the demo camera shows them in turn, a second each. */
const isStreetFrame = (file: string) => file.startsWith('street-');

/** The demo's camera and feed, served on loopback by the service itself for as long as it runs. */
export interface DemoCaptureSources {
  cameraUrl: string;
  feedUrl: string;
  close(): Promise<void>;
}

export async function startDemoCaptureSources(): Promise<DemoCaptureSources> {
  const streetFrames = (await readPhotoManifest()).filter((photo) => isStreetFrame(photo.file));
  const camera = await startSimulatedCamera({ frames: await Promise.all(streetFrames.map((photo) => readPhoto(photo.file))), framesPerSecond: 1 });
  const feed = await startPhotoFeed(isStreetFrame);
  return { cameraUrl: camera.snapshotUrl, feedUrl: feed.url, close: async () => void (await Promise.all([camera.close(), feed.close()])) };
}

export const CAPTURE_APPLICATIONS = [
  {
    name: 'Street camera',
    type: 'network_camera',
    subject: 'Camera: street camera',
    description: 'A simulated network camera on this computer, showing a street scene: a frame every 10 seconds.',
    settings: (sources: DemoCaptureSources) => ({ camera_url: sources.cameraUrl, interval_seconds: 10 }),
  },
  {
    name: 'Photo feed',
    type: 'social_feed',
    subject: 'Feed: openly licensed photographs',
    description: "An RSS feed of the demo's photographs served on this computer, read every 5 minutes.",
    settings: (sources: DemoCaptureSources) => ({ feed_url: sources.feedUrl, interval_seconds: 300, max_items_per_poll: 20 }),
  },
] as const;

/**
 * The demo's capture applications, a camera and a feed, each with an output subject of its own. The sources listen on a
 * new port at every start, so an application made before gets its new URL (which starts its capture loop anew).
 */
export async function seedCaptureApplications(ctx: ServiceContext, tenantId: string, sources: DemoCaptureSources): Promise<void> {
  for (const demo of CAPTURE_APPLICATIONS) {
    const custom_fields = demo.settings(sources);
    const [existing] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.tenantId, tenantId), eq(applications.name, demo.name), eq(applications.type, demo.type)));
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
