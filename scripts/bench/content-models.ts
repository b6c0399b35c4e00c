// `npm run bench:nsfw`: the three models nsfwjs ships (MobileNetV2, the service's; MobileNetV2Mid; InceptionV3) on the
// demo's 31 photographs and the tests' 6 drawings, decoded as the service decodes them. Offline: the models are the
// package's own modules. Figures are recorded in docs/models.md ("Which of nsfwjs's models").
import * as tf from '@tensorflow/tfjs-core';
import { NSFWJS } from 'nsfwjs/core';
import { InceptionV3Model } from 'nsfwjs/models/inception_v3';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { MobileNetV2MidModel } from 'nsfwjs/models/mobilenet_v2_mid';
import { NSFW_MODEL_CLASSES, type NsfwModelClass } from '../../src/api/application-types/nsfw';
import { DRAWINGS, renderDrawing } from '../../server/types/testing/drawings';
import { squareInput } from '../../server/vision/model-input';
import { useWasmBackend } from '../../server/vision/wasm-backend';
import { percentile } from './stats';
import { formatTable } from './table';
import { loadPhotos } from './vision/photos';

interface ShippedModel {
  name: string;
  options?: { size?: number; type?: string };
  modelJson: () => Promise<{ default: { modelTopology: object; weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[]; format?: string } }>;
  weightBundles: (() => Promise<{ default: string }>)[];
}

/** The model from the package's modules, without nsfwjs's loader (which would log where to host a model). */
async function load(shipped: ShippedModel): Promise<{ model: NSFWJS; size: number }> {
  const { modelTopology, weightsManifest, format } = (await shipped.modelJson()).default;
  const weights = Buffer.concat(await Promise.all(shipped.weightBundles.map(async (bundle) => Buffer.from((await bundle()).default, 'base64'))));
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology,
      format,
      weightSpecs: weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  };
  const size = shipped.options?.size ?? 224;
  const model = new NSFWJS(handler, { size, type: shipped.options?.type });
  await model.load();
  return { model, size };
}

const explicitOf = (scores: Record<NsfwModelClass, number>) => scores.porn + scores.sexy + scores.hentai;
const percent = (value: number) => Number((value * 100).toFixed(1));

async function main() {
  await useWasmBackend();
  const photos = (await loadPhotos()).map((photo) => ({ name: photo.name, bytes: photo.bytes, drawing: false }));
  const drawings = await Promise.all(Object.keys(DRAWINGS).map(async (name) => ({ name, bytes: await renderDrawing(name), drawing: true })));
  const summary: (string | number)[][] = [];
  for (const shipped of [MobileNetV2Model, InceptionV3Model, MobileNetV2MidModel] as ShippedModel[]) {
    const { model, size } = await load(shipped);
    const rows: (string | number)[][] = [];
    const cpu: number[] = [];
    let [neutralPhotos, drawnDrawings, unsurePhotos] = [0, 0, 0];
    for (const image of [...photos, ...drawings]) {
      const before = process.cpuUsage();
      const { pixels } = await squareInput(image.bytes, null, size);
      const input = tf.tensor3d(pixels, [size, size, 3], 'int32');
      const predictions = await model.classify(input, NSFW_MODEL_CLASSES.length);
      input.dispose();
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      const scores = Object.fromEntries(predictions.map(({ className, probability }) => [className.toLowerCase(), probability])) as Record<NsfwModelClass, number>;
      const top = predictions[0]?.className.toLowerCase();
      if (!image.drawing && top === 'neutral') neutralPhotos += 1;
      if (image.drawing && top === 'drawing') drawnDrawings += 1;
      const unsure = [explicitOf(scores), scores.drawing].some((share) => share > 0.2 && share < 0.8);
      if (!image.drawing && unsure) unsurePhotos += 1;
      rows.push([image.name, ...NSFW_MODEL_CLASSES.map((name) => percent(scores[name])), percent(explicitOf(scores)), top ?? '']);
    }
    console.log(`\n${shipped.name} (${size} × ${size})\n`);
    console.log(formatTable(['image', ...NSFW_MODEL_CLASSES.map((name) => `${name} %`), 'explicit %', 'top'], rows));
    summary.push([
      shipped.name,
      `${neutralPhotos} of ${photos.length}`,
      `${drawnDrawings} of ${drawings.length}`,
      unsurePhotos,
      Math.round(percentile(cpu, 50)),
      Math.round(percentile(cpu, 90)),
      Math.round(Math.max(...cpu)),
      Math.round(process.memoryUsage().rss / 1e6),
    ]);
  }
  console.log(`\n${formatTable(['model', 'photos neutral', 'drawings drawing', 'photos 20–80 % explicit or drawing', 'CPU ms median', 'p90', 'max', 'resident MB (cumulative)'], summary)}`);
}

await main();
