import type { TextReading } from '../../../src/api/application-types/answer';
import { ocr as rule, ocrSettingsOf, type OcrSettings } from '../../../src/api/application-types/ocr';
import { leastCertainObject } from '../../vision/ambiguity';
import { readText } from '../../vision/reader/reader';
import type { DemoApplication } from '../../vision/demo';
import { bySubject } from '../measures/held-out';
import { measureTexts } from '../measures/texts';
import type { TypeModule } from '../type-module';
import { readingProposal } from './model';
import { ocrServerPart } from './model-server';

const application: DemoApplication = {
  name: 'Lot label',
  description: 'The code printed on the lot label lying on the belt.',
  howToLabel: 'Type the code exactly as printed (capitals, digits and dashes); answer "no text" when there is no label.',
  outputSubjects: ['lot label'],
  offsetReference: 'near_edge',
};

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/**
 * An ocr model's own parameters: which characters the reader reads and how the text is laid out. Not learnt: always the
 * application's current settings.
 */
interface ReadingParameters {
  text_reading: OcrSettings;
}

export const ocr: TypeModule<ReadingParameters, TextReading> = {
  type: 'ocr',
  rule,
  modelServer: ocrServerPart,
  // PP-OCR reads the text, in the application's character set and layout, while the image is decoded
  analysis: ({ text_reading }) => (image, focus) => readText(image, focus, text_reading),
  propose: (image, [subject]) => (subject === undefined ? [] : [readingProposal(image, subject)]),
  // a reading teaches the colour model nothing: the reader is PP-OCR's, as shipped
  fit: { evidence: () => [] },
  measure: bySubject(measureTexts),
  // the less sure the reader is of its reading, the sooner a person checks it
  objectAmbiguity: leastCertainObject,
  settingsParameters: (customFields) => ({ text_reading: ocrSettingsOf(customFields) }),
  demo: {
    application,
    sceneSpec: ({ random, part, scene }) => {
      const code = `${random.pick(['LOT', 'BATCH', 'PART'])} ${random.int(1000, 9999)}-${LETTERS[random.int(0, LETTERS.length - 1)]}`;
      const sign = random.chance(0.1) ? null : { subject: 'lot label', text: code };
      return { ...scene([part('red bolt', random.int(0, 2)), part('blue washer', random.int(0, 1))]), sign };
    },
  },
};
