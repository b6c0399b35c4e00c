import type { ExportFormat } from '../../../src/api/schemas/exports';
import { cocoWriter } from './coco';
import type { FormatWriter } from './format-writer';
import { vocWriter } from './voc';
import { yoloWriter } from './yolo';

export const FORMAT_WRITERS: Readonly<Record<ExportFormat, FormatWriter>> = { coco: cocoWriter, yolo: yoloWriter, voc: vocWriter };
