/**
 * The popup's watch for a redeem (hooks/use-redeemed-watch.ts): it asks GET /api/spins/mine every
 * REDEEMED_POLL_MS while watching and the page is visible, asks nothing while hidden, asks at once
 * when shown again, and nothing once it stops watching.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDEEMED_POLL_MS } from '@shared/constants';
import { useRedeemedWatch } from '../../../web/src/features/visitor/hooks/use-redeemed-watch';
import { freshVisitor, signInVisitor } from '../support/visitor';
import type { FakeBackend } from '../support/visitor-routes';

let backend: FakeBackend;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  backend = freshVisitor();
  signInVisitor('+61412349000');
  backend.customers.set('+61412349000', { sliceId: 's1', offer: 'Free Side', comment: '' });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const asked = () => backend.apiCalls().filter((call) => call === 'GET /api/spins/mine').length;
/** Moves the clock on by `ms` and lets the answers come in. */
const after = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const setVisibility = (state: DocumentVisibilityState) =>
  act(async () => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
  });

describe('useRedeemedWatch', () => {
  it('asks every beat while visible, nothing while hidden, at once when shown, and stops', async () => {
    const seen: unknown[] = [];
    const onFresh = (fresh: unknown) => void seen.push(fresh);
    const view = renderHook(({ watching }) => useRedeemedWatch(watching, onFresh), {
      initialProps: { watching: true },
    });
    await after(REDEEMED_POLL_MS * 3 + 10);
    expect(asked()).toBe(3);
    expect(seen).toHaveLength(3);

    await setVisibility('hidden');
    await after(REDEEMED_POLL_MS * 5);
    expect(asked()).toBe(3);

    await setVisibility('visible');
    expect(asked()).toBe(4);
    await after(REDEEMED_POLL_MS + 10);
    expect(asked()).toBe(5);

    view.rerender({ watching: false });
    await after(REDEEMED_POLL_MS * 5);
    expect(asked()).toBe(5);
  });
});
