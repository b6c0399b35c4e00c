import type { ReactNode } from 'react';

/** The frame of the pages a person sees before entering a tenant. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className="centered-page">
      <div className="centered-page__card">
        <p className="centered-page__brand">Looplabel</p>
        {children}
      </div>
    </main>
  );
}
