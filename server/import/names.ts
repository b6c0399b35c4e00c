import { IMPORT_NAME_MAX_CHARS } from '../../src/api/limits';
import type { ImageRef } from './formats/parsed';

// C0 control characters and DEL: no file name of a media item holds one, and PostgreSQL's text refuses NUL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** Text from a label file as a report may show it: control characters written as `\u0000`, and at most a line long. */
export function printable(text: string): string {
  const shown = text.replace(CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}

/** Why no media item can have the name an image is given in the files, or null when it can. */
export function nameProblem(ref: ImageRef): string | null {
  const names = [ref.mediaId, ref.externalMediaId, ref.fileName, ref.stem].filter((name): name is string => name !== undefined);
  if (names.some((name) => CONTROL.test(name))) return 'Its name holds a control character (such as NUL), which no media item name holds.';
  if (names.some((name) => name.length > IMPORT_NAME_MAX_CHARS)) return `Its name is longer than ${IMPORT_NAME_MAX_CHARS} characters (IMPORT_NAME_MAX_CHARS).`;
  return null;
}
