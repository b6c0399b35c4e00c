import { useEffect, useState } from 'react';

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('input, textarea, select, button');

/** Whether Space is held down (outside text fields): the canvas then pans with the pointer. */
export function useSpaceHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    function down(event: KeyboardEvent) {
      if (event.key !== ' ' || isTyping(event.target)) return;
      event.preventDefault();
      // Held keys repeat: only the first press renders.
      if (!event.repeat) setHeld(true);
    }
    function up(event: KeyboardEvent) {
      if (event.key === ' ') setHeld(false);
    }
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);
  return held;
}
