import { Readable } from 'node:stream';
import type { LabelEntry, LabelSource } from '../import/label-source';

/** A label source of files held in memory, as a parser reads an upload's files. */
export function labelSourceOf(files: readonly { path: string; text: string | Uint8Array }[]): LabelSource {
  const bytes = new Map<LabelEntry, Buffer>(files.map(({ path, text }) => [{ path }, Buffer.from(text)]));
  return { entries: [...bytes.keys()], open: async (entry) => Readable.from([bytes.get(entry)!]), close: () => {} };
}
