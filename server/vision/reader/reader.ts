import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import type { TextReading } from '../../../src/api/application-types/answer';
import { normalizedText, type OcrSettings, type PageMode } from '../../../src/api/application-types/ocr';
import type { Focus } from '../../../src/api/types';
import { unavailable } from '../../errors';
import { MAX_MEDIA_PIXELS, runImageWork } from '../../media/open-image';
import { clampBox } from '../models/media-box';

/** At most this many images wait for the reader; more are refused ('unavailable') rather than queued. */
const READER_QUEUE_LIMIT = 16;

/** The reader's thread ends after this long without work (it keeps the process alive while it lives). */
const IDLE_MS = 30_000;

/** Text lower than this many pixels is scaled up: tesseract reads best at a cap height of 20 to 40 pixels. */
const MIN_READ_HEIGHT = 120;

const require = createRequire(import.meta.url);
// Everything tesseract.js needs ships in packages: its worker script, its wasm core (the worker requires it) and the
// English model (LSTM, integer weights) of @tesseract.js-data/eng. Nothing is fetched and nothing is cached on disk.
const WORKER_OPTIONS = {
  workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  langPath: path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
  gzip: true,
  cacheMethod: 'none',
};

const PAGE_SEGMENTATION: Record<PageMode, Tesseract.PSM> = {
  single_line: Tesseract.PSM.SINGLE_LINE,
  block: Tesseract.PSM.SINGLE_BLOCK,
};

/**
 * Tesseract in one tesseract.js worker thread per process, started on first use and ended when idle. Reads run one
 * at a time, each with its own settings, so that one read's character set never applies to another's image.
 */
class ReaderThread {
  private worker: Promise<Tesseract.Worker> | null = null;
  private last: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  read(image: Buffer, settings: OcrSettings): Promise<TextReading> {
    if (this.waiting >= READER_QUEUE_LIMIT) return Promise.reject(unavailable('The text reader is busy; try again in a few seconds.', 5));
    this.waiting += 1;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const reading = this.last.then(() => this.recognize(image, settings));
    this.last = reading.catch(() => undefined).finally(() => {
      this.waiting -= 1;
      if (this.waiting === 0) this.idleTimer = setTimeout(() => void this.stop(), IDLE_MS).unref();
    });
    return reading;
  }

  private async recognize(image: Buffer, settings: OcrSettings): Promise<TextReading> {
    const worker = await (this.worker ??= this.start());
    await worker.setParameters({
      // a space in the list keeps the spaces between words
      tessedit_char_whitelist: `${settings.character_set} `,
      tessedit_pageseg_mode: PAGE_SEGMENTATION[settings.page_mode],
      // tesseract's notes on lines it cannot read ("Image too small to scale!!") would go to the service's stdout
      debug_file: '/dev/null',
    });
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    return { text: normalizedText(data.text), confidence: Math.min(1, Math.max(0, data.confidence / 100)) };
  }

  private start(): Promise<Tesseract.Worker> {
    const started = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, WORKER_OPTIONS);
    started.catch(() => {
      this.worker = null;
    });
    return started;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }
}

const thread = new ReaderThread();

/** The image (or its focus region) in grey, scaled up when its text would be too small to read. */
async function readerInput(image: Buffer, focus?: Focus | null): Promise<Buffer> {
  const metadata = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
  const frame = focus ? clampBox(focus.box, metadata.width, metadata.height) : { x0: 0, y0: 0, x1: metadata.width, y1: metadata.height };
  const height = frame.y1 - frame.y0;
  return sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS })
    .extract({ left: frame.x0, top: frame.y0, width: frame.x1 - frame.x0, height })
    .greyscale()
    .resize({ height: Math.max(height, MIN_READ_HEIGHT), kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/**
 * The text in the image (or its focus), as tesseract reads it with the application's settings, and its
 * confidence; an empty text when it read nothing.
 */
export async function readText(image: Buffer, focus: Focus | null | undefined, settings: OcrSettings): Promise<TextReading> {
  const input = await runImageWork(() => readerInput(image, focus));
  return thread.read(input, settings);
}
