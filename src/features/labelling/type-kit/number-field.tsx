import { useState } from 'react';
import { FieldLabel } from '../../../components/text-field';

export interface NumberFieldProps {
  readonly id: string;
  readonly label: string;
  /** The answer's number; null or NaN: none (an empty field). */
  readonly value: number | null;
  readonly min: number;
  readonly max?: number;
  /** Every number typed, exactly as typed (NaN for an empty field): the type's rule, not the field, says what is valid. */
  readonly onValue: (value: number) => void;
  /** Said to screen readers only, where the field's place already says what it is. */
  readonly labelHidden?: boolean;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const sameNumber = (a: number | null, b: number | null) => (a === null || Number.isNaN(a) ? b === null || Number.isNaN(b) : a === b);

/**
 * A whole-number field of the side panel. While it is being typed in, it shows what was typed (an empty field
 * included) and passes on every number exactly; what it shows is always the answer's number: once that changes
 * otherwise (the next item, a key, a marker), the typed text gives way, so Enter answers what is on screen. Enter
 * answers and Escape returns to the canvas through the workspace's key registry, so this field needs no keys of its
 * own.
 */
export function NumberField({ id, label, value, min, max, onValue, labelHidden = false }: NumberFieldProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null && sameNumber(numberOf(typed), value) ? typed : value === null || Number.isNaN(value) ? '' : String(value);
  return (
    <>
      <FieldLabel htmlFor={id} labelHidden={labelHidden}>
        {label}
      </FieldLabel>
      <input
        id={id}
        className="field__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={shown}
        onChange={(event) => {
          setTyped(event.target.value);
          onValue(numberOf(event.target.value));
        }}
        onBlur={() => setTyped(null)}
      />
    </>
  );
}
