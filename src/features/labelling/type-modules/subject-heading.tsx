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

/** How many marks there are and which is selected, announced as it changes: "4 boxes, #2 selected". */
export function MarkCount({ count, one, many, selected }: { count: number; one: string; many: string; selected: number | null }) {
  return (
    <p aria-live="polite">
      {count} {count === 1 ? one : many}
      {selected !== null && `, #${selected + 1} selected`}
    </p>
  );
}
