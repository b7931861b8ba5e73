/**
 * The phone shows the truth: while `watching` (the popup of a recorded prize still to redeem is
 * open), the page asks GET /api/spins/mine every REDEEMED_POLL_MS, only while the page is visible
 * (a hidden tab asks nothing; it asks at once when shown again), and hands each answer to
 * `onFresh`. The caller stops watching once the answer says redeemed (or the prize expired).
 * Its cost per winner is in docs/capacity.md.
 */
import { useEffect } from 'react';
import { REDEEMED_POLL_MS } from '@shared/constants';
import type { SpinResult } from '@shared/types';
import { ApiError } from '../../../lib/api-client';
import { fetchMySpin } from '../api/get-my-spin';

/** `onFresh` must keep its identity (a state setter, a useCallback). */
export function useRedeemedWatch(watching: boolean, onFresh: (fresh: SpinResult) => void): void {
  useEffect(() => {
    if (!watching) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    let asking = false;
    const ask = async () => {
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      try {
        const fresh = await fetchMySpin();
        if (live && fresh) onFresh(fresh);
      } catch (error) {
        // A session that ended asks no more; a missed answer is asked again at the next beat.
        if (error instanceof ApiError && error.status === 401) live = false;
        else console.warn('the prize could not be checked', error);
      } finally {
        asking = false;
      }
    };
    // One beat at a time: a beat set while another waits replaces it.
    const next = () => {
      clearTimeout(timer);
      if (live && document.visibilityState === 'visible')
        timer = setTimeout(tick, REDEEMED_POLL_MS);
    };
    const tick = () => void ask().then(next);
    const onVisibility = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') tick();
    };
    next();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [watching, onFresh]);
}
