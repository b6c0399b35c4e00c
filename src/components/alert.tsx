import type { ReactNode } from 'react';
import './alert.css';

export interface AlertProps {
  tone?: 'error' | 'info';
  title?: string;
  children: ReactNode;
}

/** A message that is announced when it appears: errors as alerts, information politely. */
export function Alert({ tone = 'error', title, children }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert alert--${tone}`}>
      {title && <p className="alert__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
