import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { LabellableType } from '../../src/api/types';
import { assertions, media } from '../db/schema';
import { insertMedia } from '../domain/media';
import { storeMedia } from '../media/store-media';
import type { ServiceContext } from '../service-context';
import { associateMedia, drainProcessing } from '../processing/pipeline';
import { readPhoto, readPhotoManifest } from './photo-library';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

/** A demo application on the real photographs: its output subjects are named so that the detector sees them. */
export interface PhotoApplication {
  name: string;
  type: LabellableType;
  description: string;
  /** How to answer, appended to the description. */
  howToLabel: string;
  outputSubjects: readonly string[];
}

/** The input subject every photo application takes its images from. */
export const PHOTO_CAMERA = 'Camera: photo library';

/**
 * The applications the demo runs on the photographs, in the dashboard's order (before the inspection line). Offsets
 * have none: an edge's position means something on a conveyor, not in a holiday photo.
 */
export const PHOTO_APPLICATIONS: readonly PhotoApplication[] = [
  {
    name: 'People and cars',
    type: 'box_detection',
    description: 'Real photographs (a street, sports, portraits, animals): a box around every person and every car.',
    howToLabel: 'Check each proposed box, fix or remove the wrong ones, draw the missed ones; answer "none" for a subject not in the photo.',
    outputSubjects: ['person', 'car'],
  },
  {
    name: 'People count',
    type: 'static_count',
    description: 'How many people each photograph shows.',
    howToLabel: 'Count every person you can see, also one cut off by the frame edge or half hidden; 0 when there is none.',
    outputSubjects: ['person'],
  },
  {
    name: 'Who or what is there',
    type: 'detection_fullframe',
    description: 'Whether the photograph shows a person, a car, a bird, a cat, a dog.',
    howToLabel: 'Answer yes or no for each; yes also when it is small, far away or half hidden.',
    outputSubjects: ['person', 'car', 'bird', 'cat', 'dog'],
  },
  {
    name: 'What the photo shows',
    type: 'classification',
    description: 'The main subject of each photograph: a person, a vehicle, an animal, a fruit or a thing.',
    howToLabel: 'Pick the class that fills most of the photo.',
    outputSubjects: ['person', 'car', 'motorcycle', 'cat', 'dog', 'bird', 'apple', 'orange', 'cup', 'book'],
  },
  {
    name: 'Ball spots',
    type: 'point',
    description: 'A point on every ball in play in the sports photographs.',
    howToLabel: 'Click the centre of each ball; answer "none" when the photo has no ball.',
    outputSubjects: ['sports ball'],
  },
];

/**
 * Uploaded before the rest of the library: photographs that, between them, every photo application asks about (its
 * model is unsure of them), so that each can be tried within seconds of the first start rather than once the
 * detector has seen most of the library.
 */
const FIRST_PHOTOS = ['chelsea.jpg', 'football.jpg', 'street-51.jpg'];

function uploadRank(file: string): number {
  const rank = FIRST_PHOTOS.indexOf(file);
  return rank < 0 ? FIRST_PHOTOS.length : rank;
}

/** The photographs the photo library's camera has not had yet, in the order they are uploaded. */
async function photosToUpload(ctx: ServiceContext, cameraUid: string) {
  const rows = await ctx.db
    .select({ details: media.details })
    .from(assertions)
    .innerJoin(media, eq(media.mediaId, assertions.mediaId))
    .where(and(eq(assertions.subjectUid, cameraUid), isNotNull(assertions.userId), isNull(assertions.appId)));
  const uploaded = new Set(rows.map((row) => row.details.filename));
  const photos = (await readPhotoManifest()).filter((photo) => !uploaded.has(photo.file));
  return photos.sort((a, b) => uploadRank(a.file) - uploadRank(b.file));
}

/**
 * Uploads the photographs the photo library's camera has not had yet, once each (FIRST_PHOTOS first), and waits
 * until every photo application's model processed them: the detector (and a released learned head) then proposes
 * on them, and the doubtful ones wait for a labeller. Returns how many it uploaded.
 */
export async function uploadDemoPhotos(ctx: ServiceContext, identity: DemoIdentity, cameraUid: string): Promise<number> {
  const photos = await photosToUpload(ctx, cameraUid);
  const tenantId = identity.tenantIds.demoLab;
  for (const photo of photos) {
    const stored = await storeMedia(ctx.blobs, await readPhoto(photo.file));
    const row = await insertMedia(ctx.db, {
      tenantId,
      uploadedBy: DEMO_ACCOUNTS.admin.email,
      stored,
      metaTags: ['demo', 'photo'],
      details: { filename: photo.file, license: photo.licence },
    });
    await associateMedia(ctx, { tenantId, mediaId: row.mediaId, subjectUid: cameraUid, userId: identity.userIds.admin });
  }
  await drainProcessing(ctx);
  return photos.length;
}
