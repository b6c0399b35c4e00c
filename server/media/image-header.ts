/** The image formats the service takes, told by their magic bytes (inspect.ts). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface DeclaredSize {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk comes first, with the width and height as 32-bit big-endian numbers. */
function pngSize(bytes: Buffer): DeclaredSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** GIF: the logical screen, which every frame is drawn on. */
function gifSize(bytes: Buffer): DeclaredSize | null {
  if (bytes.length < 10) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: the first start-of-frame segment, found by walking the segments from the start. */
function jpegSize(bytes: Buffer): DeclaredSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or the scan began without a frame
    const length = bytes.readUInt16BE(offset + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** WebP: the canvas of an extended file (VP8X), or the frame of a simple lossy (VP8) or lossless (VP8L) one. */
function webpSize(bytes: Buffer): DeclaredSize | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  const data = 20;
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(data + 4, 3) + 1, height: bytes.readUIntLE(data + 7, 3) + 1 };
  }
  if (chunk === 'VP8 ') {
    return { width: bytes.readUInt16LE(data + 6) & 0x3fff, height: bytes.readUInt16LE(data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes[data] === 0x2f) {
    const bits = bytes.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * The size an image's header declares, read from the bytes without a decoder (null when the header is not in the
 * expected place: the decoder then judges). Decoders refuse some huge sizes outright, as if the file were damaged;
 * reading the size first answers those with "too many pixels" too.
 */
export function declaredSize(bytes: Buffer, format: ImageFormat): DeclaredSize | null {
  switch (format) {
    case 'png':
      return pngSize(bytes);
    case 'gif':
      return gifSize(bytes);
    case 'jpeg':
      return jpegSize(bytes);
    case 'webp':
      return webpSize(bytes);
  }
}
