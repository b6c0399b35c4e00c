import { MAX_FEEDBACK_PULL } from '../../../api/endpoints/feedback';

const SIZES = Array.from({ length: MAX_FEEDBACK_PULL }, (_, i) => i + 1);

/** Once a size is chosen the focus leaves the list, so the workspace's keys work again at once. */
export function BatchSizeField({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="batch-size">
        Items per pull
      </label>
      <select id="batch-size" className="field__input" value={value} onChange={(event) => {
          onChange(Number(event.target.value));
          event.target.blur();
        }}>
        {SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
