import { serveModel } from '../model-worker';
import { loadTextRecogniser } from './pp-ocr';

/** The text reader's thread: an image's PNG bytes in, the lines PP-OCR reads out. */
serveModel(loadTextRecogniser);
