/**
 * Whether the visitor is using a keyboard: the last input was a key press, not a touch or a click.
 * A browser shows a focus ring on an element the page focuses before any input at all (a return
 * visit opening the win popup on its heading): the popup asks here whether to show one.
 */
let keyboardInUse = false;
/** Typing into a field is not moving about by keyboard (a phone's keyboard sends keys too). */
const isTyping = (event: KeyboardEvent) =>
  event.key !== 'Tab' &&
  (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement);
document.addEventListener('keydown', (event) => (keyboardInUse ||= !isTyping(event)), {
  capture: true,
});
document.addEventListener('pointerdown', () => (keyboardInUse = false), { capture: true });

/**
 * `element`, marked to show no focus ring when the page focuses it unless the keyboard is in use
 * (CSS: [data-quiet-focus]); it is still focused, so a screen reader reads it out.
 */
export function focusWithoutRing(element: HTMLElement): HTMLElement {
  if (keyboardInUse) delete element.dataset.quietFocus;
  else element.dataset.quietFocus = '';
  return element;
}
