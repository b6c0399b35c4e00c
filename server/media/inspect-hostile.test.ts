import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { jpegClaimingSize, jpegWithStrayBytes } from '../testing/hostile-files';
import { inspectImage } from './inspect';
import { makePhotoLikeJpeg } from './test-images';

// Images whose bytes say one thing and hold another (issue 37). The header is the attacker's word: an image is stored
// only when all its pixels decode.

async function refusal(bytes: Buffer, plan = false): Promise<DomainError> {
  const error: unknown = await inspectImage(bytes, { plan }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

const INCOMPLETE = 'The image file is incomplete: its pixel data ends before the size its header declares.';

describe('inspectImage of lying images', () => {
  it('refuses with 415 a JPEG of a few KB whose header says 9,000 × 9,000', async () => {
    const small = await makePhotoLikeJpeg(160, 120);
    const lying = jpegClaimingSize(small, 9000, 9000);
    expect((await sharp(lying).metadata()).width).toBe(9000);
    expect(await refusal(lying)).toMatchObject({ kind: 'unsupported-media', message: INCOMPLETE });
  });

  it('refuses it as a plan too: 14,000 × 14,000 is within the plan limit but not in the file', async () => {
    const lying = jpegClaimingSize(await makePhotoLikeJpeg(160, 120), 14_000, 14_000);
    expect(await refusal(lying, true)).toMatchObject({ kind: 'unsupported-media', message: INCOMPLETE });
  });

  it('still stores a whole JPEG with stray bytes between its segments, which libjpeg only warns of', async () => {
    const stray = jpegWithStrayBytes(await makePhotoLikeJpeg(160, 120), 5);
    await expect(sharp(stray, { failOn: 'warning' }).toBuffer()).rejects.toThrow(/extraneous bytes/);
    expect(await inspectImage(stray)).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
  });
});
