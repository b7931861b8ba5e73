/** Keeping keyboard focus inside a modal dialog: one implementation for every dialog. */

/** Elements Tab can reach. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * On Tab from the last focusable element of `root` (or Shift+Tab from the first), moves focus to
 * the other end instead of out of the dialog. The same from an element Tab cannot reach itself
 * (the dialog, a focused note) with nothing reachable after it (or before it). Any other key is
 * left alone.
 */
export function wrapTabFocus(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  root: HTMLElement,
): void {
  if (event.key !== 'Tab') return;
  const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const follows = (item: HTMLElement) =>
    !!active && !!(active.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING);
  const precedes = (item: HTMLElement) =>
    !!active && !!(active.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_PRECEDING);
  if (event.shiftKey && (active === first || (active !== last && !items.some(precedes)))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || (active !== first && !items.some(follows)))) {
    event.preventDefault();
    first.focus();
  }
}
