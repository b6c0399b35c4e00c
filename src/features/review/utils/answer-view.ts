import { answerRuleOf } from '../../../api/application-types';
import type { ItemAnswer } from '../../../api/application-types/answer';
import type { AnswerMarks } from '../../../api/application-types/rule';
import type { Media } from '../../../api/schemas/media';

/** One colour per labeller (1–5), readable over photos in light and dark themes. */
const LABELLER_COLOURS = ['#ffd60a', '#3ea6ff', '#ff7ad9', '#5ee07a', '#ff9f43'] as const;

export const colourOf = (index: number) => LABELLER_COLOURS[index % LABELLER_COLOURS.length]!;

/** Every mark an answer places on the media, by its type's rule. */
export function marksOf(type: string, answer: ItemAnswer): Required<AnswerMarks> {
  const rule = answerRuleOf(type);
  const placed = answer.flatMap((entry) =>
    entry.result === 'True' && entry.app_data != null && rule?.marks ? [rule.marks(entry.app_data as never)] : [],
  );
  return {
    boxes: placed.flatMap((marks) => marks.boxes ?? []),
    points: placed.flatMap((marks) => marks.points ?? []),
    lines: placed.flatMap((marks) => marks.lines ?? []),
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** One line per answered subject: its name, yes or no, and what the answer holds (a number, its words, or how many marks). */
export function summaryLines(type: string, answer: ItemAnswer, subjectName: (uid: string) => string): string[] {
  return answer.map((entry) => {
    const head = `${subjectName(entry.subject_uid)}: ${entry.result === 'True' ? 'yes' : 'no'}`;
    if (entry.result !== 'True' || entry.app_data == null) return head;
    if (typeof entry.app_data === 'number') return `${head} · ${entry.app_data.toLocaleString('en')}`;
    const words = answerRuleOf(type)?.words?.(entry.app_data as never);
    if (words !== undefined) return `${head} · ${words}`;
    const marks = marksOf(type, [entry]);
    if (marks.boxes.length > 0) return `${head} · ${plural(marks.boxes.length, 'box', 'boxes')}`;
    if (marks.points.length > 0) return `${head} · ${plural(marks.points.length, 'point', 'points')}`;
    return head;
  });
}

/** The smallest resized image at least this wide, else the original. */
export function imageUrlFor(media: Media, minWidth = 800): string {
  const widths = Object.keys(media.resize_urls)
    .map(Number)
    .filter((width) => width >= minWidth)
    .sort((a, b) => a - b);
  return widths.length > 0 ? media.resize_urls[String(widths[0])]! : media.media_url;
}
