import { useState } from 'react';

export interface NumberFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: number | null;
  readonly min: number;
  readonly max?: number;
  readonly onValue: (value: number) => void;
  /** Said to screen readers only, where the field's place already says what it is. */
  readonly labelHidden?: boolean;
}

/**
 * A whole-number field of the side panel. While it is being typed in, it shows what was typed (an empty field
 * included) and passes on every number; Enter answers and Escape returns to the canvas through the workspace's
 * key registry, so this field needs no keys of its own.
 */
export function NumberField({ id, label, value, min, max, onValue, labelHidden = false }: NumberFieldProps) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <>
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
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
        value={typed ?? value ?? ''}
        onChange={(event) => {
          setTyped(event.target.value);
          if (event.target.value !== '' && Number.isFinite(Number(event.target.value))) onValue(Number(event.target.value));
        }}
        onBlur={() => setTyped(null)}
      />
    </>
  );
}
