/**
 * Leaving a page with work not saved asks first: a link or Back is held (the returned blocker: the
 * page asks, then proceeds or resets it), and closing or reloading the tab gets the browser's own
 * question.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export function useUnsavedGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  return blocker;
}
