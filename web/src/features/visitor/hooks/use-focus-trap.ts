import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { wrapTabFocus } from '../../../lib/focus';

/**
 * Modal focus handling: focus moves into `container` (`initialFocus()` when given, else its first
 * field, else the container itself),
 * Tab and Shift+Tab stay inside, Escape calls `onEscape` wherever focus is, and focus returns to
 * `returnFocus()` when the modal closes (default: where it was when the modal opened). Focus moves
 * in the commit that shows or removes the modal (a layout effect), never a moment later: a key
 * pressed or a screen reader reading in between would land on the page behind.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  onEscape?: () => void,
  returnFocus?: () => HTMLElement | null,
  initialFocus?: () => HTMLElement | null,
): void {
  // Escape calls the latest onEscape (it may change while the modal is open: a prize just claimed
  // closes without a question).
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The first field, else the dialog itself (read out by its name; no focus ring on a close button).
    (initialFocus?.() ?? root.querySelector<HTMLElement>('input:not([disabled])') ?? root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened over this one (a confirm) keeps its own keys.
      const active = document.activeElement;
      if (active && !root.contains(active) && active.closest('[role="dialog"]')) return;
      if (event.key === 'Escape' && escape.current) {
        event.preventDefault();
        escape.current();
        return;
      }
      // Focus that left the dialog (its element went away) is brought back in by Tab.
      if (event.key === 'Tab' && !root.contains(document.activeElement)) {
        event.preventDefault();
        root.focus();
        return;
      }
      wrapTabFocus(event, root);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      (returnFocus?.() ?? previous)?.focus();
    };
    // The trap is set up once per opening (onEscape is read through its ref).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
}
