import { zipSync, type Zippable } from 'fflate';

/** A zip of the entries, deflated at the level (1: fast, for the large ones a test builds). */
export const zipOf = (entries: Record<string, Uint8Array>, level: 0 | 1 | 9 = 1) => Buffer.from(zipSync(entries as Zippable, { level }));

/** The zip with every entry claiming to unzip to `size` bytes, in its local header and in the central directory. */
export function declaringSize(zip: Buffer, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let offset = 0; offset + 4 <= patched.length; offset += 1) {
    const signature = patched.readUInt32LE(offset);
    if (signature === 0x04034b50) patched.writeUInt32LE(size, offset + 22);
    else if (signature === 0x02014b50) patched.writeUInt32LE(size, offset + 24);
  }
  return patched;
}

/** COCO JSON naming one image with `annotations` boxes on it. */
export function cocoWithBoxes(annotations: number, fileName = 'street_01.jpg'): string {
  const parts = ['{"categories":[{"id":1,"name":"car"}],"images":[{"id":1,"file_name":', JSON.stringify(fileName), ',"width":640,"height":480}],"annotations":['];
  for (let index = 0; index < annotations; index += 1) parts.push(`${index ? ',' : ''}{"id":${index},"image_id":1,"category_id":1,"bbox":[${index % 600},1,10,10]}`);
  parts.push(']}');
  return parts.join('');
}

/**
 * The zip with its end of central directory rewritten in ZIP64 form, which can count more than 65,535 entries (a
 * plain zip writer such as fflate's counts them modulo 65,536).
 */
export function withZip64Count(zip: Buffer, entryCount: number): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entryCount), 24);
  record.writeBigUInt64LE(BigInt(entryCount), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(end), 8);
  locator.writeUInt32LE(1, 16);
  const last = Buffer.from(zip.subarray(end, end + 22));
  last.writeUInt16LE(0xffff, 8);
  last.writeUInt16LE(0xffff, 10);
  return Buffer.concat([zip.subarray(0, end), record, locator, last]);
}

/** Where a JPEG's frame header (its SOF0–2 marker segment) starts. */
function frameHeaderOffset(jpeg: Buffer): number {
  for (let offset = 2; offset + 9 <= jpeg.length; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
    const marker = jpeg[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return offset;
  }
  throw new Error('The JPEG has no frame header.');
}

/**
 * A JPEG whose frame header (SOF) says `width` × `height` while its data holds a small image's pixels only: decoders
 * run out of data early (issue 37: 49 KB saying 9,000 × 9,000 was stored, and cut into grey sub-plans).
 */
export function jpegClaimingSize(jpeg: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(jpeg);
  const frame = frameHeaderOffset(jpeg);
  patched.writeUInt16BE(height, frame + 5);
  patched.writeUInt16BE(width, frame + 7);
  return patched;
}

/** The JPEG with `count` stray bytes before its frame header: libjpeg warns of them and decodes it whole (camera files often have some). */
export function jpegWithStrayBytes(jpeg: Buffer, count: number): Buffer {
  const frame = frameHeaderOffset(jpeg);
  return Buffer.concat([jpeg.subarray(0, frame), Buffer.alloc(count, 0x00), jpeg.subarray(frame)]);
}
