import type { ReactNode } from 'react';

/** The row of buttons at the end of a form or dialog, primary action last. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}
