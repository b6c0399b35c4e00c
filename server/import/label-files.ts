import { unzipSync } from 'fflate';
import { IMPORT_TOTAL_MAX_BYTES } from '../../src/api/limits';
import { DomainError, invalid, tooLarge } from '../errors';
import type { LabelFile } from './formats/parsed';

/** An uploaded file: its bytes and the name it was sent with. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string | undefined;
}

/** The files a label import reads; anything else in a zip (the images of an export, say) is passed over. */
const LABEL_EXTENSIONS = ['.json', '.txt', '.names', '.yaml', '.yml', '.xml', '.csv'];

const isLabelPath = (path: string) =>
  LABEL_EXTENSIONS.some((extension) => path.toLowerCase().endsWith(extension)) && !path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

const tooMuch = () => tooLarge(`The label files hold more than ${IMPORT_TOTAL_MAX_BYTES / 1024 / 1024} MiB once unzipped.`);

function unzipLabels(bytes: Buffer, name: string, budget: { left: number }): { path: string; bytes: Uint8Array }[] {
  try {
    const entries = unzipSync(bytes, {
      filter: (entry) => {
        if (!isLabelPath(entry.name)) return false;
        // fflate inflates each entry into a buffer of the size it declares, so the declared sizes bound the memory.
        budget.left -= entry.originalSize;
        if (budget.left < 0) throw tooMuch();
        return true;
      },
    });
    return Object.entries(entries).map(([path, content]) => ({ path, bytes: content }));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(`${name} is not a zip file that can be read.`);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function decode(path: string, bytes: Uint8Array): LabelFile {
  try {
    return { path, text: decoder.decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    throw invalid(`${path} is not UTF-8 text.`);
  }
}

/**
 * The label files of an upload, decoded as UTF-8 text: each file sent, and the label files inside each zip sent (by
 * their paths in it), up to IMPORT_TOTAL_MAX_BYTES in all.
 */
export function readLabelFiles(uploads: readonly UploadedFile[]): LabelFile[] {
  const budget = { left: IMPORT_TOTAL_MAX_BYTES };
  const files: LabelFile[] = [];
  uploads.forEach((upload, index) => {
    const name = upload.filename ?? `file ${index + 1}`;
    if (isZip(upload.bytes)) {
      files.push(...unzipLabels(upload.bytes, name, budget).map((entry) => decode(entry.path, entry.bytes)));
      return;
    }
    budget.left -= upload.bytes.length;
    if (budget.left < 0) throw tooMuch();
    files.push(decode(name, upload.bytes));
  });
  return files;
}
