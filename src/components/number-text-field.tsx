import { TextField } from './text-field';

interface NumberTextFieldProps {
  label: string;
  /** Shown after the label: "Smallest region (pixels)". */
  unit?: string;
  min: number;
  max: number;
  /** 1 for whole numbers; "any" by default. */
  step?: number | 'any';
  /** The text as typed, so that a half-typed number is not lost. */
  value: string;
  onChange: (text: string) => void;
  error?: string;
  hint?: string;
}

/** A TextField for a number: its label with the unit, its range, hint and error; the value stays the text typed. */
export function NumberTextField({ label, unit, min, max, step = 'any', value, onChange, error, hint }: NumberTextFieldProps) {
  return (
    <TextField
      label={unit ? `${label} (${unit})` : label}
      type="number"
      inputMode={step === 1 && min >= 0 ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
    />
  );
}
