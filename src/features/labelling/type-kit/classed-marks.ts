// The marks of the list types (boxes, points): each answers for one output subject (its class), and a mark the
// model proposed carries the model's probability until the labeller changes it.
import type { AppData, FeedbackSubjectAnswer } from '../../../api/application-types/answer';
import type { AppDataType } from '../../../api/types';
import type { MarkList } from './selection';
import type { MarkClasses, ProposalMarks } from '../contract/type-module';

export interface MarkClass {
  readonly subject_uid: string;
  /** The model's probability while the mark is its untouched proposal; absent on the labeller's marks. */
  readonly probability?: number;
}

/** A list annotation whose marks have classes, with the model's proposals under the confidence floor set aside. */
export interface ClassedList<A, T extends MarkClass> extends MarkList<A, T> {
  /** The output subjects, in the application's order: the classes (keys 1–9). */
  readonly subjects: (annotation: A) => readonly string[];
  /** The model's marks under the confidence floor: neither shown nor answered. */
  readonly setAside: (annotation: A) => readonly T[];
  readonly withSplit: (annotation: A, marks: readonly T[], setAside: readonly T[], selected: number | null) => A;
}

const hasClass = (mark: object): mark is MarkClass => 'subject_uid' in mark;

/** The labeller's copy of a mark: the same class, no longer the model's. */
export function asLabellers<T extends MarkClass>(mark: T): T {
  if (mark.probability === undefined) return mark;
  const { probability: _dropped, ...own } = mark;
  return own as T;
}

/**
 * The marks of a tool's change, with classes: marks the tool kept keep theirs (and the model's probability); a mark
 * it replaced in place (moved, resized) keeps the class of the one it replaced and becomes the labeller's; a mark it
 * added takes `newClass`.
 */
export function withClasses<T extends object, M extends T & MarkClass>(marks: readonly T[], previous: readonly M[], newClass: string): M[] {
  const inPlace = marks.length === previous.length;
  return marks.map((mark, index) => {
    if (hasClass(mark)) return mark as M;
    const subject_uid = inPlace ? (previous[index]?.subject_uid ?? newClass) : newClass;
    return { ...mark, subject_uid } as M;
  });
}

/** Moves the selected mark into another class (it becomes the labeller's); unchanged when none is selected. */
export function classifySelected<A, T extends MarkClass>(list: ClassedList<A, T>, annotation: A, subject_uid: string): A {
  const index = list.selected(annotation);
  const mark = index === null ? undefined : list.marks(annotation)[index];
  if (index === null || !mark || (mark.subject_uid === subject_uid && mark.probability === undefined)) return annotation;
  const marks = list.marks(annotation).slice();
  marks[index] = asLabellers({ ...mark, subject_uid });
  return list.withMarks(annotation, marks, index);
}

function selectedClass<A, T extends MarkClass>(list: ClassedList<A, T>, annotation: A): string | null {
  const index = list.selected(annotation);
  return index === null ? null : (list.marks(annotation)[index]?.subject_uid ?? null);
}

/** Every output subject answered: True with its marks, False when it has none. */
export function answerPerSubject<T extends MarkClass>(
  subjects: readonly string[],
  marks: readonly T[],
  appDataType: AppDataType,
  appData: (marks: T[]) => AppData,
): FeedbackSubjectAnswer[] {
  return subjects.map((subject_uid) => {
    const own = marks.filter((mark) => mark.subject_uid === subject_uid);
    return own.length === 0 ? { subject_uid, result: 'False' } : { subject_uid, result: 'True', app_data_type: appDataType, app_data: appData(own) };
  });
}

/** Shown and answered at this floor: the labeller's marks, and the model's at or above it. */
const reaches = (mark: MarkClass, floor: number) => mark.probability === undefined || mark.probability >= floor;

/**
 * The model's marks under `floor` set aside and those at or above it shown (returning ones after the others, most
 * likely first); the same annotation when nothing moves. The selection stays on its mark, or goes when it is set aside.
 */
export function atFloor<A, T extends MarkClass>(list: ClassedList<A, T>, annotation: A, floor: number): A {
  const marks = list.marks(annotation);
  const setAside = list.setAside(annotation);
  if (marks.every((mark) => reaches(mark, floor)) && !setAside.some((mark) => reaches(mark, floor))) return annotation;
  const selectedIndex = list.selected(annotation);
  const selectedMark = selectedIndex === null ? undefined : marks[selectedIndex];
  const byProbability = (a: T, b: T) => (b.probability ?? 0) - (a.probability ?? 0);
  const shown = [...marks.filter((mark) => reaches(mark, floor)), ...setAside.filter((mark) => reaches(mark, floor)).sort(byProbability)];
  const hidden = [...setAside, ...marks].filter((mark) => !reaches(mark, floor)).sort(byProbability);
  const selected = selectedMark ? shown.indexOf(selectedMark) : -1;
  return list.withSplit(annotation, shown, hidden, selected === -1 ? null : selected);
}

/** How many of the model's marks are shown, of how many there are. */
export function proposalTally<A, T extends MarkClass>(list: ClassedList<A, T>, annotation: A): { shown: number; total: number } {
  const shown = list.marks(annotation).filter((mark) => mark.probability !== undefined).length;
  return { shown, total: shown + list.setAside(annotation).length };
}

/** Every mark of the model gone, shown or set aside; the labeller's stay (and the selection, when on one of them). */
export function withoutProposals<A, T extends MarkClass>(list: ClassedList<A, T>, annotation: A): A {
  const marks = list.marks(annotation);
  const kept = marks.filter((mark) => mark.probability === undefined);
  if (kept.length === marks.length && list.setAside(annotation).length === 0) return annotation;
  const selectedIndex = list.selected(annotation);
  const selected = selectedIndex === null ? -1 : kept.indexOf(marks[selectedIndex]!);
  return list.withSplit(annotation, kept, [], selected === -1 ? null : selected);
}

/** The annotation as answered: the shown marks, all the labeller's now; nothing set aside, nothing selected. */
export function confirmed<A, T extends MarkClass>(list: ClassedList<A, T>, annotation: A): A {
  return list.withSplit(annotation, list.marks(annotation).map(asLabellers), [], null);
}

/** The class picker's and the confidence floor's view of a classed list. */
export function classedParts<A, T extends MarkClass>(list: ClassedList<A, T>): { classes: MarkClasses<A>; proposals: ProposalMarks<A> } {
  return {
    classes: {
      subjects: list.subjects,
      selected: (annotation) => selectedClass(list, annotation),
      classify: (annotation, subject) => classifySelected(list, annotation, subject),
    },
    proposals: {
      atFloor: (annotation, floor) => atFloor(list, annotation, floor),
      tally: (annotation) => proposalTally(list, annotation),
      withoutProposals: (annotation) => withoutProposals(list, annotation),
      confirmed: (annotation) => confirmed(list, annotation),
    },
  };
}
