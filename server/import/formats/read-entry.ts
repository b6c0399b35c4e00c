import type { Readable } from 'node:stream';
import { IMPORT_TEXT_FILE_MAX_BYTES } from '../../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../../errors';
import type { LabelEntry, LabelSource } from '../label-source';

const notUtf8 = (entry: LabelEntry) => invalid(`${entry.path} is not UTF-8 text.`);

/**
 * The entry's text as it streams in, decoded as UTF-8 (a byte-order mark dropped), chunk by chunk, so that a large
 * file is never held whole.
 */
export async function* textChunks(source: LabelSource, entry: LabelEntry): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const stream: Readable = await source.open(entry);
  try {
    for await (const chunk of stream) {
      yield decode(decoder, entry, chunk as Buffer, true);
    }
    const rest = decode(decoder, entry, undefined, false);
    if (rest) yield rest;
  } finally {
    stream.destroy();
  }
}

function decode(decoder: TextDecoder, entry: LabelEntry, chunk: Buffer | undefined, more: boolean): string {
  try {
    return decoder.decode(chunk, { stream: more });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw notUtf8(entry);
  }
}

/** The whole text of a file that is read at once (a YOLO label file, a VOC annotation, a class list): at most IMPORT_TEXT_FILE_MAX_BYTES. */
export async function readText(source: LabelSource, entry: LabelEntry, maxBytes = IMPORT_TEXT_FILE_MAX_BYTES): Promise<string> {
  const parts: string[] = [];
  let length = 0;
  for await (const text of textChunks(source, entry)) {
    length += text.length;
    if (length > maxBytes) throw tooLarge(`${entry.path} is larger than ${maxBytes / 1024 / 1024} MiB, the most a label file of this kind may be (IMPORT_TEXT_FILE_MAX_BYTES).`);
    parts.push(text);
  }
  return parts.join('');
}
