import { useEffect, type RefObject } from 'react';
import { wrapTabFocus } from '../../../lib/focus';

/**
 * Modal focus handling: focus moves into `container` (its first field, else the container itself),
 * Tab and Shift+Tab stay inside, Escape calls `onEscape`, and focus returns to where it was when
 * the modal closes.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  onEscape?: () => void,
): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The first field, else the dialog itself (read out by its name; no focus ring on a close button).
    (root.querySelector<HTMLElement>('input:not([disabled])') ?? root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onEscape) {
        event.preventDefault();
        onEscape();
        return;
      }
      wrapTabFocus(event, root);
    };
    root.addEventListener('keydown', onKeyDown);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
    // The trap is set up once per opening; onEscape may change identity between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
}
