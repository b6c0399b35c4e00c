import * as tf from '@tensorflow/tfjs-core';
import { NSFWJS } from 'nsfwjs/core';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { NSFW_MODEL_CLASSES } from '../../../src/api/application-types/nsfw';
import { useWasmBackend } from '../wasm-backend';
import { CONTENT_INPUT_SIZE, type ContentScores } from './scores';

/**
 * The model as nsfwjs ships it: its topology and its weights are JavaScript modules of the package (the weights in
 * base64), read here without its loader, which would also log where to host a model.
 */
async function shippedModel(): Promise<tf.io.IOHandler> {
  const { modelTopology, weightsManifest } = (await MobileNetV2Model.modelJson()).default;
  const shards = await Promise.all(MobileNetV2Model.weightBundles.map(async (bundle) => Buffer.from((await bundle()).default, 'base64')));
  const weights = Buffer.concat(shards);
  return {
    load: async () => ({
      modelTopology,
      weightSpecs: weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  };
}

/** nsfwjs's MobileNetV2 (224 × 224 input, five classes) on TensorFlow.js's WebAssembly backend. */
export async function loadContentClassifier(): Promise<(pixels: Uint8Array) => Promise<ContentScores>> {
  await useWasmBackend();
  const model = new NSFWJS(await shippedModel(), { size: CONTENT_INPUT_SIZE });
  await model.load();
  /** `pixels`: RGB bytes of the square input image, row by row. */
  return async (pixels) => {
    const image = tf.tensor3d(pixels, [CONTENT_INPUT_SIZE, CONTENT_INPUT_SIZE, 3], 'int32');
    try {
      const predictions = await model.classify(image, NSFW_MODEL_CLASSES.length);
      const scores = Object.fromEntries(NSFW_MODEL_CLASSES.map((name) => [name, 0])) as Record<(typeof NSFW_MODEL_CLASSES)[number], number>;
      for (const { className, probability } of predictions) scores[className.toLowerCase() as keyof typeof scores] = probability;
      return scores;
    } finally {
      image.dispose();
    }
  };
}
