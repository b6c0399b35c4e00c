import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { IMPORT_TOTAL_MAX_BYTES, IMPORT_ZIP_ENTRIES_MAX } from '../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../errors';

/** An uploaded label file, written to a private temporary file as it arrived, and the name it was sent with. */
export interface UploadedFile {
  path: string;
  filename: string | undefined;
}

/** A label file of the import: a file sent, or an entry of a zip sent (by its path in the zip). */
export interface LabelEntry {
  path: string;
}

/** The files to read, whose bytes are counted against one budget as they are really read (inflated). */
export interface LabelSource {
  readonly entries: readonly LabelEntry[];
  /** The entry's bytes; the stream fails with a too-large DomainError once the import's budget is spent. */
  open(entry: LabelEntry): Promise<Readable>;
  close(): void;
}

/** The files a label import reads; anything else in a zip (the images of an export, say) is never inflated. */
const LABEL_EXTENSIONS = ['.json', '.txt', '.names', '.yaml', '.yml', '.xml', '.csv'];

const isLabelPath = (path: string) =>
  LABEL_EXTENSIONS.some((extension) => path.toLowerCase().endsWith(extension)) && !path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

const budgetSpent = () => tooLarge(`The label files hold more than ${IMPORT_TOTAL_MAX_BYTES / 1024 / 1024} MiB once unzipped (IMPORT_TOTAL_MAX_BYTES).`);

/** Counts the bytes that pass against the shared budget, and stops the stream once it is spent. */
function counted(budget: { left: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      budget.left -= chunk.length;
      if (budget.left < 0) done(budgetSpent());
      else done(null, chunk);
    },
  });
}

async function startsWithZipSignature(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await file.close();
  }
}

const zipUnreadable = (name: string, reason: string) => invalid(`${name} is not a zip file that can be read (${reason}).`);

function openZip(path: string, name: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error) reject(zipUnreadable(name, error.message));
      else resolve(zip);
    });
  });
}

/** The zip's label entries, read from its central directory one at a time (no recursion, no list of every entry). */
function labelEntriesOf(zip: yauzl.ZipFile, name: string): Promise<yauzl.Entry[]> {
  if (zip.entryCount > IMPORT_ZIP_ENTRIES_MAX) {
    return Promise.reject(tooLarge(`${name} holds ${zip.entryCount.toLocaleString('en')} entries; a zip of an import holds at most ${IMPORT_ZIP_ENTRIES_MAX.toLocaleString('en')} (IMPORT_ZIP_ENTRIES_MAX).`));
  }
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/') && isLabelPath(entry.fileName)) entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(zipUnreadable(name, error.message)));
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) reject(zipUnreadable(name, `${entry.fileName}: ${error.message}`));
      else resolve(stream);
    });
  });
}

/** Why reading a zip entry failed, in words: yauzl says "too many bytes in the stream" of an entry that lies about its size. */
function entryFailure(name: string, path: string, error: Error): DomainError {
  if (error instanceof DomainError) return error;
  if (/too (many|few) bytes/.test(error.message)) return invalid(`${name}: ${path} does not unzip to the size it declares, so it is not read.`);
  return zipUnreadable(name, `${path}: ${error.message}`);
}

/** A stream of the entry's bytes, counted; a zip's own read errors become a 400 that names the zip and the entry. */
function countedStream(source: Readable, budget: { left: number }, name: string, path: string): Readable {
  const counter = counted(budget);
  source.on('error', (error) => counter.destroy(entryFailure(name, path, error)));
  return source.pipe(counter);
}

/**
 * The label files of an upload: each file sent, and the label files inside each zip sent. Zips are read from their
 * central directory (at most IMPORT_ZIP_ENTRIES_MAX entries); every byte read, inflated or not, counts against
 * IMPORT_TOTAL_MAX_BYTES whatever an entry declares, and an entry that inflates beyond its declared size fails.
 */
export async function openLabelSource(uploads: readonly UploadedFile[]): Promise<LabelSource> {
  const budget = { left: IMPORT_TOTAL_MAX_BYTES };
  const zips: yauzl.ZipFile[] = [];
  const openers = new Map<LabelEntry, () => Promise<Readable>>();
  const close = () => zips.forEach((zip) => zip.close());
  try {
    for (const [index, upload] of uploads.entries()) {
      const name = upload.filename ?? `file ${index + 1}`;
      if (!(await startsWithZipSignature(upload.path))) {
        openers.set({ path: name }, async () => countedStream(createReadStream(upload.path), budget, name, name));
        continue;
      }
      const zip = await openZip(upload.path, name);
      zips.push(zip);
      for (const entry of await labelEntriesOf(zip, name)) {
        openers.set({ path: entry.fileName }, async () => countedStream(await openEntry(zip, entry, name), budget, name, entry.fileName));
      }
    }
  } catch (error) {
    close();
    throw error;
  }
  return { entries: [...openers.keys()], open: (entry) => openers.get(entry)!(), close };
}
