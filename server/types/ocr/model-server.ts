import type { TextReading } from '../../../src/api/application-types/answer';
import { normalizedText } from '../../../src/api/application-types/ocr';
import { probabilityOf, proposalOf, resultBase, resultsOf, type ModelServerPart } from '../model-server-part';

/** At most this many characters of text are kept of a server's readings. */
const MAX_TEXT = 10_000;

/**
 * ocr: a `TextArea` named `transcription` over `Rectangle` regions named `bbox` (as Label Studio's OCR backends
 * answer); the texts of every region, in their order, are the reading of the first output subject, with the least
 * certain region's score as its confidence.
 */
export const ocrServerPart: ModelServerPart = {
  controls: () => '<Rectangle name="bbox" toName="image"/><TextArea name="transcription" toName="image" perRegion="true" editable="true"/>',
  fromResults(results, place) {
    const { mine, dropped } = resultsOf(results, 'transcription', ['textarea']);
    const [subject] = place.subjects.values();
    if (subject === undefined) return { proposals: [], dropped };
    const texts: string[] = [];
    let confidence = 1;
    for (const result of mine) {
      const text = result.value.text;
      const lines = Array.isArray(text) ? text : [text];
      if (!lines.every((line) => typeof line === 'string')) dropped.push('a transcription that is not text');
      else {
        texts.push(...(lines as string[]));
        confidence = Math.min(confidence, probabilityOf(result, place));
      }
    }
    const reading = normalizedText(texts.join(' ')).slice(0, MAX_TEXT);
    if (reading === '') return { proposals: [proposalOf(subject, 0)], dropped };
    return { proposals: [proposalOf(subject, confidence, 'text', { text: reading, confidence } satisfies TextReading)], dropped };
  },
  toResults(answer, place) {
    const reading = answer.app_data as TextReading | null | undefined;
    if (answer.result !== 'True' || !reading || typeof reading.text !== 'string') return [];
    const region = { x: 0, y: 0, width: 100, height: 100, rotation: 0 };
    return [
      { id: 'text', ...resultBase('bbox', 'rectangle', place), value: region },
      { id: 'text', ...resultBase('transcription', 'textarea', place), value: { ...region, text: [normalizedText(reading.text)] } },
    ];
  },
};
