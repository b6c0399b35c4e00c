import { serveModel } from '../model-worker';
import { loadCenterNet, type CenterNetOutput } from './centernet';

/** The detector's thread: the square input image's RGB bytes in, the detector's raw output out. */
serveModel<Uint8Array, CenterNetOutput>(loadCenterNet, (output) => [output.regionFeatures.buffer as ArrayBuffer, output.imageFeatures.buffer as ArrayBuffer]);
