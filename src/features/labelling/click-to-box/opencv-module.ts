// OpenCV.js itself, imported only through `loadOpenCv` (opencv.ts), which makes this module and the package their
// own chunk. The package's export is a promise of the ready module; a dynamic import of the package directly would
// resolve to a namespace that inherits that promise's `then` and breaks the import, hence this module between.
import * as openCvPackage from '@techstark/opencv-js';

/** The ready OpenCV.js module (its WebAssembly compiled). */
export const readyOpenCv = (): Promise<unknown> => (openCvPackage as unknown as { default: Promise<unknown> }).default;
