/** The wheel page's spin flow on its own: no wheel, no page, the network faked at fetch. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpinMode } from '@shared/types';
import {
  useSpinFlow,
  type SpinFlowWheel,
} from '../../../web/src/features/visitor/hooks/use-spin-flow';
import { freshVisitor, signInVisitor } from '../support/visitor';
import { SAMPLE_WHEEL, type FakeBackend } from '../support/visitor-routes';

let backend: FakeBackend;

beforeEach(() => {
  backend = freshVisitor();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A wheel that records what the flow asks of it: landings, and every call in order. */
function renderFlow(spinMode: SpinMode) {
  const landings: number[] = [];
  const moves: string[] = [];
  const wheel: SpinFlowWheel = {
    spinUp: () => void moves.push('spin up'),
    spinToItem: (index) => {
      landings.push(index);
      moves.push(`land ${index}`);
      return Promise.resolve();
    },
    settle: () => {
      moves.push('settle');
      return Promise.resolve();
    },
    showItem: (index) => {
      moves.push(`show ${index}`);
      return true;
    },
    celebrate: () => void moves.push('celebrate'),
  };
  const view = renderHook(() => useSpinFlow({ slices: SAMPLE_WHEEL.slices, spinMode, wheel }));
  return { ...view, landings, moves };
}

const spins = () => backend.apiCalls().filter((call) => call === 'POST /api/spins');
const previews = () => backend.apiCalls().filter((call) => call === 'POST /api/spins/preview');

describe('useSpinFlow', () => {
  it('verify-first: Spin asks for verification first, then draws once; Spin after the win shows it again at once', async () => {
    const { result, landings, moves } = renderFlow('verify-first');
    await act(() => result.current.spin());
    expect(result.current.dialogOpen).toBe(true);
    expect(moves).toEqual([]);
    expect(backend.apiCalls()).toEqual([]);

    signInVisitor('+61412340010');
    act(() => result.current.onDialogVerified());
    expect(result.current.dialogOpen).toBe(false);
    expect(result.current.bannerVisible).toBe(true);

    await act(() => result.current.spin());
    expect(spins()).toHaveLength(1);
    expect(landings).toEqual([1]); // the fake server draws s2, the second slice
    expect(result.current.currentOffer?.offer).toBe('BOGOF Main');
    expect(result.current.recorded).toBe(true);
    await waitFor(() => expect(result.current.popupVisible).toBe(true));
    expect(result.current.popupAfterSpin).toBe(true); // comes in over the marked slice
    act(() => result.current.closePopup());
    await waitFor(() => expect(result.current.isSpinning).toBe(false), { timeout: 4000 });

    await act(() => result.current.spin());
    expect(result.current.popupAfterSpin).toBe(false); // there at once
    expect(spins()).toHaveLength(1); // never a second draw
    // No second spin either (it would read as a second chance): the popup comes back at once.
    expect(result.current.popupVisible).toBe(true);
    expect(landings).toEqual([1]);
    expect(moves).toEqual(['spin up', 'land 1', 'celebrate']);
  });

  it('ignores Spin while a spin is under way', async () => {
    signInVisitor('+61412340011');
    const { result } = renderFlow('verify-first');
    await waitFor(() => expect(backend.apiCalls()).toContain('GET /api/spins/mine'));
    await act(() => result.current.spin());
    expect(result.current.isSpinning).toBe(true);
    await act(() => result.current.spin());
    expect(spins()).toHaveLength(1);
  });

  it('spin-first: previews a draw, replays it unverified, and claims it with its ticket', async () => {
    backend.drawSliceId = 's3';
    const { result, landings } = renderFlow('spin-first');
    await act(() => result.current.spin());
    expect(previews()).toHaveLength(1);
    expect(landings).toEqual([2]);
    expect(result.current.currentOffer?.offer).toBe('Free Drink');
    expect(result.current.recorded).toBe(false);
    await waitFor(() => expect(result.current.isSpinning).toBe(false), { timeout: 4000 });

    await act(() => result.current.spin());
    expect(previews()).toHaveLength(1); // a reload of the flow's state is not a new draw

    backend.drawSliceId = 's1'; // a fresh draw now would differ: the ticket must win
    signInVisitor('+61412340012');
    await act(() => result.current.onPopupVerified());
    const claim = backend.requests.find((r) => r.method === 'POST' && r.url === '/api/spins');
    expect(claim?.body).toEqual({
      ticket: expect.any(String),
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(result.current.recorded).toBe(true);
    expect(result.current.currentOffer?.offer).toBe('Free Drink');
    expect(backend.customers.get('+61412340012')?.sliceId).toBe('s3');
  });

  it('spin-first: a reload shows the same unclaimed preview instead of drawing again', async () => {
    backend.drawSliceId = 's3';
    const first = renderFlow('spin-first');
    await act(() => first.result.current.spin());
    expect(previews()).toHaveLength(1);
    first.unmount();

    backend.drawSliceId = 's1'; // a new draw would differ
    const reloaded = renderFlow('spin-first');
    await waitFor(() => expect(reloaded.result.current.popupVisible).toBe(true));
    expect(reloaded.result.current.currentOffer?.offer).toBe('Free Drink');
    expect(reloaded.moves).toEqual(['show 2']); // the wheel points at the kept preview
    await waitFor(() => expect(reloaded.result.current.isSpinning).toBe(false));
    act(() => reloaded.result.current.closePopup());
    await act(() => reloaded.result.current.spin());
    expect(previews()).toHaveLength(1);
    expect(reloaded.result.current.popupVisible).toBe(true); // shown again, no second spin
    expect(reloaded.landings).toEqual([]);

    // Claimed with the kept ticket: the device forgets the preview.
    signInVisitor('+61412340015');
    await act(() => reloaded.result.current.onPopupVerified());
    expect(backend.customers.get('+61412340015')?.sliceId).toBe('s3');
    expect(localStorage.getItem('spinwin.preview')).toBeNull();
  });

  it('shows a saved prize after a reload without a new draw', async () => {
    signInVisitor('+61412340013');
    backend.customers.set('+61412340013', { sliceId: 's1', offer: 'Free Side', comment: '' });
    const { result, moves } = renderFlow('verify-first');
    await waitFor(() => expect(result.current.popupVisible).toBe(true));
    expect(result.current.currentOffer?.offer).toBe('Free Side');
    expect(result.current.recorded).toBe(true);
    expect(spins()).toEqual([]);
    await waitFor(() => expect(moves).toEqual(['show 0'])); // the wheel points at the saved prize
  });

  it('a refused session signs the visitor out and asks for verification again', async () => {
    signInVisitor('+61412340014');
    const { result, moves } = renderFlow('verify-first');
    await waitFor(() => expect(backend.apiCalls()).toContain('GET /api/spins/mine'));
    signInVisitor(''); // a token the API refuses (it names no number)
    await act(() => result.current.spin());
    expect(moves).toEqual(['spin up', 'settle']); // the failed draw: the wheel slows to a stop
    expect(result.current.isSpinning).toBe(false);
    expect(result.current.dialogOpen).toBe(true);
    expect(result.current.currentOffer).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
