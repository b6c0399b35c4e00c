import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called when the person dismisses the dialog (Escape, unless closeOnEscape is false). */
  onClose: () => void;
  closeOnEscape?: boolean;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

// Escape is handled on keydown so that the dialog's state stays with React, not with the native `cancel`.
function preventNativeClose(event: SyntheticEvent) {
  event.preventDefault();
}

/**
 * A modal `<dialog>`: focus moves in when it opens (to `[autofocus]` or the first control), Tab stays inside,
 * and focus returns to where it was when it closes.
 */
export function Dialog({ open, title, onClose, closeOnEscape = true, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const initial = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? focusableIn(dialog)[0];
    initial?.focus();
    return () => {
      dialog.close();
      previouslyFocused?.focus();
    };
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (closeOnEscape) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(event.currentTarget);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!open) return null;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onCancel={preventNativeClose} onKeyDown={handleKeyDown}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
