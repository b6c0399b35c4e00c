import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import '@tensorflow/tfjs-backend-cpu';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import { useWasmBackend } from '../wasm-backend';
import { DETECTOR_INPUT_SIZE } from './objects';

const require = createRequire(import.meta.url);

/** The model's files, as @vladmandic/human ships them (its package exports no path to them, so from its entry). */
const MODEL_DIR = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
const MODEL_NAME = 'centernet';
const DETECTIONS_OUTPUT = 'tower_0/detections';
/** The head's merged stride-16 features (32 × 32 × 256): what a box region looks like to the detector. */
const REGION_FEATURES_OUTPUT = 'tower_0/CenternetHead/concat';
/** The backbone's last features (16 × 16 × 480), averaged into what the whole image looks like. */
const IMAGE_FEATURES_OUTPUT = 'tower_0/extern1/hard_swish/mul_1';

/** One pass of the detector: its rows and the features the learned head reuses. */
export interface CenterNetOutput {
  /** `[x0, y0, x1, y1, score, class]` in input pixels. */
  rows: number[][];
  /** Row-major cells of `FEATURE_GRID_SIZE`², each `REGION_FEATURE_CHANNELS` values. */
  regionFeatures: Float32Array;
  /** The image's mean backbone feature (`IMAGE_FEATURE_CHANNELS` values). */
  imageFeatures: Float32Array;
}

interface ModelJson {
  format: string;
  generatedBy: string;
  convertedBy: string;
  modelTopology: object;
  signature?: object;
  weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
}

/** Reads the model from the package's files: nothing is fetched. */
async function loadModelArtifacts(): Promise<tf.io.ModelArtifacts> {
  const json = JSON.parse(await readFile(path.join(MODEL_DIR, `${MODEL_NAME}.json`), 'utf8')) as ModelJson;
  const weights = await readFile(path.join(MODEL_DIR, `${MODEL_NAME}.bin`));
  return {
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    modelTopology: json.modelTopology,
    signature: json.signature,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

/** CenterNet (MobileNet-v3) on TensorFlow.js's WebAssembly backend. */
export async function loadCenterNet(): Promise<(pixels: Uint8Array) => Promise<CenterNetOutput>> {
  await useWasmBackend();
  const model: GraphModel = await loadGraphModel({ load: loadModelArtifacts });
  /** `pixels`: RGB bytes of the square input image, row by row. */
  return async (pixels) => {
    const input = tf.tensor4d(Float32Array.from(pixels), [1, DETECTOR_INPUT_SIZE, DETECTOR_INPUT_SIZE, 3], 'float32');
    const outputs = model.execute(input, [DETECTIONS_OUTPUT, REGION_FEATURES_OUTPUT, IMAGE_FEATURES_OUTPUT]) as tf.Tensor[];
    const [detections, regionFeatures, imageFeatures] = outputs as [tf.Tensor, tf.Tensor4D, tf.Tensor4D];
    const imageMean = tf.mean(imageFeatures, [0, 1, 2]);
    try {
      const [rows] = (await detections.array()) as number[][][];
      return {
        rows: rows ?? [],
        // copies, which the thread can hand over whole
        regionFeatures: new Float32Array((await regionFeatures.data()) as Float32Array),
        imageFeatures: new Float32Array((await imageMean.data()) as Float32Array),
      };
    } finally {
      tf.dispose([input, imageMean, ...outputs]);
    }
  };
}
