import { percentSuffix } from './percent';

/** The subject an editor answers for, with the model's probability: "red bolt (56%)". */
export function SubjectHeading({ name, probability }: { name: string; probability: number | null }) {
  return (
    <p className="editor__subject">
      {name}
      {percentSuffix(probability)}
    </p>
  );
}

/** The one subject a list type answers for, as a heading; none where marks have classes (the class picker shows them). */
export function ClassedHeading(props: { subjects: readonly string[]; subjectName: (uid: string) => string; probabilityOf: (uid: string) => number | null }) {
  const [only, ...others] = props.subjects;
  if (only === undefined || others.length > 0) return null;
  return <SubjectHeading name={props.subjectName(only)} probability={props.probabilityOf(only)} />;
}

interface MarkCountProps {
  count: number;
  one: string;
  many: string;
  selected: number | null;
  /** The selected mark's class, where marks have classes. */
  selectedClass?: string | null;
}

/** How many marks there are and which is selected, announced as it changes: "4 boxes, #2 selected (car)". */
export function MarkCount({ count, one, many, selected, selectedClass }: MarkCountProps) {
  return (
    <p aria-live="polite">
      {count} {count === 1 ? one : many}
      {selected !== null && `, #${selected + 1} selected`}
      {selected !== null && selectedClass && ` (${selectedClass})`}
    </p>
  );
}
