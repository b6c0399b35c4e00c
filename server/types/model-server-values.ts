import type { AppDataType } from '../../src/api/types';
import { isFiniteNumber, labelsOf, labelsTag, nameOf, probabilityOf, proposalOf, resultBase, resultsOf, type ModelServerPart } from './model-server-part';

/**
 * Types answered by choosing output subjects: `Choices` named `choice`, one `Choice` per subject, `single` (one
 * subject of several: classification) or `multiple` (yes or no per subject). A chosen subject's probability is the
 * result's score; a subject not chosen is proposed absent (0) where each subject is answered (`multiple`).
 */
export function choicesServerPart(choice: 'single' | 'multiple'): ModelServerPart {
  return {
    controls: (names) => labelsTag('Choices', 'Choice', 'choice', names, ` choice="${choice}"`),
    fromResults(results, place) {
      const { mine, dropped } = resultsOf(results, 'choice', ['choices']);
      const chosen = new Map<string, number>();
      for (const result of mine) {
        for (const label of labelsOf(result, 'choices') ?? []) {
          const uid = place.subjects.get(label);
          if (uid === undefined) dropped.push(`the unknown label "${label.slice(0, 100)}"`);
          else chosen.set(uid, Math.max(chosen.get(uid) ?? 0, probabilityOf(result, place)));
        }
      }
      if (choice === 'single') {
        const best = [...chosen].sort((a, b) => b[1] - a[1])[0];
        return { proposals: best ? [proposalOf(best[0], best[1])] : [], dropped };
      }
      return { proposals: [...place.subjects.values()].map((uid) => proposalOf(uid, chosen.get(uid) ?? 0)), dropped };
    },
    toResults(answer, place) {
      const label = nameOf(answer.subject_uid, place);
      if (label === null || answer.result !== 'True') return [];
      return [{ ...resultBase('choice', 'choices', place), value: { choices: [label] } }];
    },
  };
}

/**
 * Types answered by one number of the image (a count, an offset in pixels): `Number` named after it (`count`,
 * `offset_x`), for the first output subject. A number below 0, not whole, or past `limit` of the image is dropped.
 */
export function numberServerPart(name: AppDataType, limit: (place: { width: number; height: number }) => number): ModelServerPart {
  return {
    controls: () => `<Number name="${name}" toName="image" min="0"/>`,
    fromResults(results, place) {
      const { mine, dropped } = resultsOf(results, name, ['number']);
      const [subject] = place.subjects.values();
      const [result] = mine;
      if (subject === undefined || result === undefined) return { proposals: [], dropped };
      const value = result.value.number;
      if (!isFiniteNumber(value) || value < 0 || !Number.isInteger(value) || value > limit(place)) {
        return { proposals: [], dropped: [...dropped, `a ${name} that is not a whole number from 0 to ${limit(place)}`] };
      }
      return { proposals: [proposalOf(subject, probabilityOf(result, place), name, value)], dropped };
    },
    toResults(answer, place) {
      if (answer.result !== 'True' || typeof answer.app_data !== 'number') return [];
      return [{ ...resultBase(name, 'number', place), value: { number: answer.app_data } }];
    },
  };
}
