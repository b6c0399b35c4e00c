import type { ChangeEvent } from 'react';

export interface NumberFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: number | null;
  readonly min: number;
  readonly max?: number;
  readonly onValue: (value: number) => void;
}

const valueOf = (event: ChangeEvent<HTMLInputElement>) => (event.target.value === '' ? NaN : Number(event.target.value));

/**
 * A whole-number field of the side panel. Enter answers and Escape returns to the canvas: the workspace's key
 * registry handles both, so this field needs no keys of its own.
 */
export function NumberField({ id, label, value, min, max, onValue }: NumberFieldProps) {
  return (
    <>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value ?? ''}
        onChange={(event) => onValue(valueOf(event))}
      />
    </>
  );
}
