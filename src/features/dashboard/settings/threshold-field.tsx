import { useId } from 'react';

export interface ThresholdFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A slider and a number for the same threshold, kept in sync because both show the one value. */
export function ThresholdField({ label, value, onChange, error }: ThresholdFieldProps) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="threshold">
        <span id={`${id}-label`}>{label}</span>
        <input
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={value}
          aria-label={`Threshold for ${label} (slider)`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <input
          type="number"
          className="field__input"
          min={0}
          max={1}
          step={0.01}
          value={value}
          aria-label={`Threshold for ${label}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const number = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(number)) onChange(clamp(number));
          }}
        />
      </div>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
