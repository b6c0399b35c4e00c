export type Bucket = 'hour' | 'day';

export interface BucketToggleProps {
  /** Keeps the radio groups of two charts on one page apart. */
  name: string;
  value: Bucket;
  onChange: (bucket: Bucket) => void;
}

/** Per hour or per day, for a chart over time. */
export function BucketToggle({ name, value, onChange }: BucketToggleProps) {
  return (
    <fieldset className="fieldset">
      <legend className="visually-hidden">Group by</legend>
      {(['hour', 'day'] as const).map((option) => (
        <label key={option} className="choice">
          <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
          Per {option}
        </label>
      ))}
    </fieldset>
  );
}
