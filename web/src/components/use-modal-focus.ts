import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { wrapTabFocus } from '../lib/focus';

/**
 * The focus of a staff or admin modal (ConfirmDialog, the slice dialog): `first` takes it in the
 * commit that shows the dialog, and the control that opened it gets it back in the commit that
 * removes it, unless that control is gone or disabled meanwhile (a row now reading
 * "Processing..."). Layout effects, not passive ones: a dialog opened by an API answer is drawn a
 * task before passive effects run, and a key pressed in between would land on the page behind.
 *
 * Returns the dialog's key handler: Escape calls `onEscape` and goes no further, Tab stays inside
 * the dialog (the element the handler is on).
 */
export function useModalFocus(
  first: RefObject<HTMLElement | null>,
  onEscape: () => void,
): (event: KeyboardEvent<HTMLElement>) => void {
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    return () => {
      if (opener?.isConnected && !opener.hasAttribute('disabled')) opener.focus();
    };
  }, [first]);

  return (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    wrapTabFocus(event, event.currentTarget);
  };
}
