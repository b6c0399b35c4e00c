import { useEffect, useLayoutEffect, useRef } from 'react';
import { matchAction } from '../../../lib/shortcuts/registry';
import { REVIEW_ACTIONS, type ReviewContext } from './review-actions';

/** Performs the review actions on keydown (never while typing in a field, never inside dialogs). */
export function useReviewKeys(context: ReviewContext) {
  const latest = useRef(context);
  useLayoutEffect(() => {
    latest.current = context;
  });
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('dialog'))) return;
      const action = matchAction(REVIEW_ACTIONS, event, latest.current);
      if (!action) return;
      // Keeps a focused button from answering the same key a second time with its click.
      event.preventDefault();
      action.perform(latest.current);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
