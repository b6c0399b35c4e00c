import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LabellableType } from '../../src/api/types';
import { assertions, media } from '../db/schema';
import { insertMedia, mediaIdIn } from '../domain/media';
import { storeMedia } from '../media/store-media';
import type { ServiceContext } from '../service-context';
import { associateMedia, drainProcessing } from '../processing/pipeline';
import { HELD_OUT_BOARD_POSES, readPhoto, readPhotoManifest, type PhotoCollection } from './photo-library';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';

/**
 * A demo application on the real photographs: its output subjects are named so that the detector sees them, but for
 * one with a subjectDescription, whose subject no detector knows and the model learns from the answers.
 */
export interface PhotoApplication {
  name: string;
  type: LabellableType;
  description: string;
  /** How to answer, appended to the description. */
  howToLabel: string;
  outputSubjects: readonly string[];
  /** The input subject it takes its photographs from: one whose photographs show its subjects. */
  camera: PhotoCameraKey;
  /** Its output subjects' detection threshold, where 0.5 does not suit them. */
  detectionThreshold?: number;
  /** Its output subjects' description, where the detector does not see them (the default says it does). */
  subjectDescription?: string;
  /** The training answers its release history gives before each release (photo-history.ts), where the default does not suit it. */
  trainingSteps?: readonly number[];
}

/** An input subject of photographs: all of a collection, or those of a kind (null: every photograph of it). */
interface PhotoCamera {
  name: string;
  description: string;
  collection: PhotoCollection;
  photos: readonly string[] | null;
}

/** The photo applications' input subjects (cameras), each a choice of one collection of photographs. */
export const PHOTO_CAMERAS = {
  library: { name: 'Camera: photo library', description: 'Real photographs of streets, sports, animals and fruit (server/demo/photos).', collection: 'library', photos: null },
  sports: { name: 'Camera: sports photos', description: 'The photo library\'s sports photographs, each with a ball in play.', collection: 'library', photos: ['football.jpg', 'basketball-1.jpg', 'basketball-2.jpg'] },
  chessboards: {
    name: 'Camera: calibration board',
    description: 'Photographs of a calibration chessboard held before a stereo camera, both views of 13 poses (server/demo/photos/chessboards).',
    collection: 'chessboards',
    photos: null,
  },
} as const satisfies Record<string, PhotoCamera>;

export type PhotoCameraKey = keyof typeof PHOTO_CAMERAS;

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
    camera: 'library',
  },
  {
    name: 'People count',
    type: 'static_count',
    description: 'How many people each photograph shows.',
    howToLabel: 'Count every person you can see, also one cut off by the frame edge or half hidden; 0 when there is none.',
    outputSubjects: ['person'],
    camera: 'library',
  },
  {
    name: 'Who or what is there',
    type: 'detection_fullframe',
    description: 'Whether the photograph shows a person, a car, a bird, a cat, a dog.',
    howToLabel: 'Answer yes or no for each; yes also when it is small, far away or half hidden.',
    outputSubjects: ['person', 'car', 'bird', 'cat', 'dog'],
    camera: 'library',
  },
  {
    name: 'What the photo shows',
    type: 'classification',
    description: 'The main subject of each photograph: a person, a vehicle, an animal, a fruit or a thing.',
    howToLabel: 'Pick the class that fills most of the photo.',
    outputSubjects: ['person', 'car', 'motorcycle', 'cat', 'dog', 'bird', 'apple', 'orange', 'cup', 'book'],
    camera: 'library',
  },
  {
    name: 'Ball spots',
    type: 'point',
    description: 'A point on every ball in play in the sports photographs.',
    howToLabel: 'Click the centre of each ball; answer "none" when the photo has no ball.',
    outputSubjects: ['sports ball'],
    camera: 'sports',
    // Balls are small and the detector often misses them: below 0.5 (at 0.1) a photograph where it finds no ball is
    // doubtful, and a labeller is asked to point at the ball it missed.
    detectionThreshold: 0.1,
  },
  {
    name: 'Calibration boards',
    type: 'box_detection',
    description: 'Photographs of a calibration chessboard: a box around the board. No pretrained detector knows one, so the model learns it from your boxes.',
    howToLabel: 'Draw a box around the checkered area, one square beyond the inner corners; answer "none" when no board is in the photo.',
    outputSubjects: ['chessboard'],
    camera: 'chessboards',
    subjectDescription: 'A calibration chessboard (9 × 6 inner corners); no pretrained detector sees it: the learned head learns it from the boxes.',
    // Releases after 1, 4 and 16 boxed boards: after one the head is not ready (it needs two) and a colour learnt from
    // the board paints much of each photograph; from four the head finds the board, and the curve climbs
    // (docs/models.md, the learning curve). With the default steps six held-out boards could not tell the rise from chance.
    trainingSteps: [1, 4, 16],
  },
];

/**
 * Uploaded before the rest of the library: photographs that, between them, every photo application asks about (its
 * model is unsure of them), so that each can be tried within seconds of the first start rather than once the
 * detector has seen most of the library.
 */
export const FIRST_PHOTOS = ['chelsea.jpg', 'football.jpg', 'street-51.jpg', 'basketball-1.jpg', 'chessboard-left01.jpg'];

/**
 * The photographs whose answers the demo holds out for validation (their media ids are drawn to fall there, the
 * others' to fall in training): a fixed set, so that every first start can measure its releases (five held-out
 * answers at least) and draw a learning curve. Nine of the library's 31, its mix: four street scenes, and five
 * photographs of one class of "What the photo shows" each (a classification answer names one); none is among
 * FIRST_PHOTOS. Six of the 26 chessboards: both views of three poses (12, 13, 14), so that no held-out board has its
 * twin among those the model learns from (the vision benchmark's learning curve holds out the same).
 */
const HELD_OUT_PHOTOS = [
  ...['astronaut.jpg', 'coffee.jpg', 'dog.jpg', 'orange.jpg', 'robin.jpg', 'street-09.jpg', 'street-30.jpg', 'street-44.jpg', 'street-65.jpg'],
  ...HELD_OUT_BOARD_POSES.flatMap((pose) => [`chessboard-left${pose}.jpg`, `chessboard-right${pose}.jpg`]),
];

function uploadRank(file: string): number {
  const rank = FIRST_PHOTOS.indexOf(file);
  return rank < 0 ? FIRST_PHOTOS.length : rank;
}

/** The photographs a camera takes that it has had already, by file name. */
async function associatedPhotos(ctx: ServiceContext, cameraUid: string): Promise<Set<string | null | undefined>> {
  const rows = await ctx.db
    .select({ details: media.details })
    .from(assertions)
    .innerJoin(media, eq(media.mediaId, assertions.mediaId))
    .where(and(eq(assertions.subjectUid, cameraUid), isNotNull(assertions.userId), isNull(assertions.appId)));
  return new Set(rows.map((row) => row.details.filename));
}

/** A photograph of the manifest of its collection. */
interface CollectionPhoto {
  file: string;
  licence: string;
  collection: PhotoCollection;
}

/** The demo's media item of a photograph, uploaded now when there is none yet. */
async function photoMedia(ctx: ServiceContext, identity: DemoIdentity, photo: CollectionPhoto): Promise<{ mediaId: string; uploaded: boolean }> {
  const tenantId = identity.tenantIds.demoLab;
  const [existing] = await ctx.db
    .select({ mediaId: media.mediaId })
    .from(media)
    .where(and(eq(media.tenantId, tenantId), sql`${media.details}->>'filename' = ${photo.file}`, sql`${media.metaTags} @> ${JSON.stringify(['demo', 'photo'])}::jsonb`));
  if (existing) return { mediaId: existing.mediaId, uploaded: false };
  const stored = await storeMedia(ctx.blobs, await readPhoto(photo.file, photo.collection));
  const row = await insertMedia(ctx.db, {
    mediaId: await mediaIdIn(ctx.db, HELD_OUT_PHOTOS.includes(photo.file) ? 'validation' : 'training'),
    tenantId,
    uploadedBy: DEMO_ACCOUNTS.admin.email,
    stored,
    metaTags: ['demo', 'photo'],
    details: { filename: photo.file, license: photo.licence },
  });
  return { mediaId: row.mediaId, uploaded: true };
}

/** Every collection's photographs, the library first, each in its manifest's order. */
async function allPhotos(): Promise<CollectionPhoto[]> {
  const collections = [...new Set(Object.values(PHOTO_CAMERAS).map((camera) => camera.collection))];
  return (await Promise.all(collections.map(async (collection) => (await readPhotoManifest(collection)).map((photo) => ({ ...photo, collection }))))).flat();
}

/** The file names of the photographs a camera takes. */
export async function cameraPhotos(key: PhotoCameraKey): Promise<string[]> {
  const camera: PhotoCamera = PHOTO_CAMERAS[key];
  return (await readPhotoManifest(camera.collection)).map((photo) => photo.file).filter((file) => camera.photos?.includes(file) ?? true);
}

/**
 * Gives each photo camera the photographs it takes and has not had yet, FIRST_PHOTOS first (a photograph two cameras
 * take is one media item on both), and waits until every photo application's model processed them: the detector (and
 * a released learned head) then proposes on them, and the doubtful ones wait for a labeller. `only` names the
 * photographs to give (a quick demo: FIRST_PHOTOS); null, every collection's. Returns how many it uploaded.
 */
export async function uploadDemoPhotos(
  ctx: ServiceContext,
  identity: DemoIdentity,
  cameraUids: Record<PhotoCameraKey, string>,
  only: readonly string[] | null = null,
): Promise<number> {
  const tenantId = identity.tenantIds.demoLab;
  const cameras = await Promise.all(
    (Object.entries(PHOTO_CAMERAS) as [PhotoCameraKey, PhotoCamera][]).map(async ([key, camera]) => ({
      uid: cameraUids[key],
      takes: (photo: CollectionPhoto) => photo.collection === camera.collection && (camera.photos?.includes(photo.file) ?? true),
      had: await associatedPhotos(ctx, cameraUids[key]),
    })),
  );
  const photos = (await allPhotos()).filter((photo) => !only || only.includes(photo.file)).sort((a, b) => uploadRank(a.file) - uploadRank(b.file));
  let uploaded = 0;
  for (const photo of photos) {
    const lacking = cameras.filter((camera) => camera.takes(photo) && !camera.had.has(photo.file));
    if (lacking.length === 0) continue;
    const item = await photoMedia(ctx, identity, photo);
    if (item.uploaded) uploaded += 1;
    for (const camera of lacking) await associateMedia(ctx, { tenantId, mediaId: item.mediaId, subjectUid: camera.uid, userId: identity.userIds.admin });
  }
  await drainProcessing(ctx);
  return uploaded;
}
