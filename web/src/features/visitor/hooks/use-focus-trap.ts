import { useEffect, type RefObject } from 'react';
import { wrapTabFocus } from '../../../lib/focus';

/**
 * Modal focus handling: focus moves into `container` (`initialFocus()` when given, else its first
 * field, else the container itself),
 * Tab and Shift+Tab stay inside, Escape calls `onEscape` wherever focus is, and focus returns to
 * `returnFocus()` when the modal closes (default: where it was when the modal opened).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  onEscape?: () => void,
  returnFocus?: () => HTMLElement | null,
  initialFocus?: () => HTMLElement | null,
): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The first field, else the dialog itself (read out by its name; no focus ring on a close button).
    (initialFocus?.() ?? root.querySelector<HTMLElement>('input:not([disabled])') ?? root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onEscape) {
        event.preventDefault();
        onEscape();
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
    // The trap is set up once per opening; onEscape may change identity between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
}
