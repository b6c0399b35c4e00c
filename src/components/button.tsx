import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Shows a spinner and disables the button while an action runs, keeping its width. */
  busy?: boolean;
}

export function Button({ variant = 'secondary', busy = false, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={['btn', `btn--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner size="small" label="" />}
      {children}
    </button>
  );
}
