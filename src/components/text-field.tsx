import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './text-field.css';

/** A field's label, for the control whose id it names; `labelHidden`: said to screen readers only. */
export function FieldLabel({ htmlFor, labelHidden = false, children }: { htmlFor: string; labelHidden?: boolean; children: ReactNode }) {
  return (
    <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={htmlFor}>
      {children}
    </label>
  );
}

export interface FieldProps {
  label: ReactNode;
  /** The id of the control among `children` that the label names. */
  htmlFor: string;
  className?: string;
  /** The control (a select, a textarea, an input of its own), then its hint or error. */
  children: ReactNode;
}

/** A labelled field around a control of the caller's: the select, textarea and other inputs that TextField is not. */
export function Field({ label, htmlFor, className, children }: FieldProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={htmlFor}>{label}</FieldLabel>
      {children}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Field label={label} htmlFor={id} className={className}>
      <input
        {...inputProps}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </Field>
  );
}
