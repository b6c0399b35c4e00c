import { ocr as rule, ocrSettingsOf } from '../../../src/api/application-types/ocr';
import { leastCertainObject } from '../../vision/ambiguity';
import type { DemoApplication } from '../../vision/demo';
import { bySubject } from '../measures/held-out';
import { measureTexts } from '../measures/texts';
import type { TypeModule } from '../type-module';
import { readingProposal } from './model';

const application: DemoApplication = {
  name: 'Lot label',
  description: 'The code printed on the lot label lying on the belt.',
  howToLabel: 'Type the code exactly as printed (capitals, digits and dashes); answer "no text" when there is no label.',
  outputSubjects: ['lot label'],
  offsetReference: 'near_edge',
};

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

export const ocr: TypeModule = {
  type: 'ocr',
  rule,
  propose: (image, [subject]) => (subject === undefined ? [] : [readingProposal(image, subject)]),
  // a reading teaches the colour model nothing: the reader is tesseract's, as shipped
  fit: { evidence: () => [] },
  measure: bySubject(measureTexts),
  // the less sure tesseract is of its reading, the sooner a person checks it
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
