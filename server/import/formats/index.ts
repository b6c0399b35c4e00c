import type { ImportFormat } from '../../../src/api/schemas/imports';
import { parseCoco } from './coco';
import { parseCsv } from './csv';
import type { LabelParser } from './parsed';
import { parseVoc } from './voc';
import { parseYolo } from './yolo';

export const LABEL_PARSERS: Readonly<Record<ImportFormat, LabelParser>> = { coco: parseCoco, yolo: parseYolo, voc: parseVoc, csv: parseCsv };
