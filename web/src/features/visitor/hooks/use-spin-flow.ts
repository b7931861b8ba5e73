/**
 * The wheel page's spin flow, apart from what it looks like (docs/product.md, "Wheel page").
 * The server draws every prize: the flow only asks for a draw and tells the wheel where to land.
 *
 * verify-first (default): Spin opens the Verification dialog until the number is verified; then
 * Spin asks POST /api/spins and lands on its slice. spin-first: Spin asks POST /api/spins/preview
 * (a server draw plus a ticket); the win popup's "Claim Prize via SMS" verifies the number and
 * exchanges the ticket. Either way a visitor who has spun never gets a new draw: Spin replays it,
 * and in spin-first the unclaimed preview is kept on the device, so a reload replays it too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SPIN_STATE_CLEAR_MS, VERIFICATION_BANNER_MS, WIN_POPUP_DELAY_MS } from '@shared/constants';
import type { Slice, SpinMode, SpinResult } from '@shared/types';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getIdToken, hasSession } from '../../../lib/session';
import { createSpin } from '../api/create-spin';
import { fetchMySpin } from '../api/get-my-spin';
import { previewSpin } from '../api/preview-spin';
import { withDrawRetries } from '../lib/retry-draw';
import { forgetPreview, readSavedPreview, savePreview } from '../lib/saved-preview';
import type { Verified } from './use-phone-verification';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** What the flow asks of the wheel; slices are named by their index on the wheel. */
export interface SpinFlowWheel {
  /** Starts turning at once while the server draws. */
  spinUp(): void;
  /** Turns (on from a spin-up) to the slice at `index`; resolves when it rests. */
  spinToItem(index: number): Promise<unknown>;
  /** Slows a spin-up to a stop: the draw failed. */
  settle(): Promise<unknown>;
  /** Points at the slice at `index` at once: a saved prize shown again. False: not drawn yet. */
  showItem(index: number): boolean;
  /** The win: confetti from the prize and a vibration (the wheel skips them with reduced motion). */
  celebrate(): void;
}

export interface SpinFlowOptions {
  /** The slices in the order the wheel shows them. */
  slices: readonly Pick<Slice, 'id'>[];
  spinMode: SpinMode;
  wheel: SpinFlowWheel;
}

export interface SpinFlow {
  isSpinning: boolean;
  /** The prize on offer: drawn, previewed or saved. */
  currentOffer: SpinResult | null;
  /** The server holds currentOffer as this number's reward. */
  recorded: boolean;
  popupVisible: boolean;
  /** The popup opens on a win just landed: it comes in gently over the marked slice. */
  popupAfterSpin: boolean;
  dialogOpen: boolean;
  bannerVisible: boolean;
  spin: () => Promise<void>;
  onDialogVerified: (phoneNumber?: string, how?: Verified) => void;
  closeDialog: () => void;
  onPopupVerified: () => Promise<void>;
  closePopup: () => void;
  /** The saved prize as the server says it now (the popup asks while it is open). */
  updateOffer: (fresh: SpinResult) => void;
}

export function useSpinFlow({ slices, spinMode, wheel }: SpinFlowOptions): SpinFlow {
  const [isVerified, setVerified] = useState(false);
  const [hasSpun, setHasSpun] = useState(false);
  const [isSpinning, setSpinning] = useState(false);
  const [currentOffer, setCurrentOffer] = useState<SpinResult | null>(null);
  const [recorded, setRecorded] = useState(false);
  /** Spin-first: the ticket of the previewed draw, until it is exchanged. */
  const ticket = useRef<string | null>(null);
  const [popupVisible, setPopupVisible] = useState(false);
  const [popupAfterSpin, setPopupAfterSpin] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [bannerVisible, setBannerVisible] = useState(false);
  /** A saved prize shown again after a reload: the wheel points at it once its slices are in. */
  const [restoredSliceId, setRestoredSliceId] = useState<string | null>(null);

  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const signOut = useCallback(() => {
    clearSession('visitor');
    setVerified(false);
  }, []);

  // Spin-first: an unclaimed preview survives a reload on this device; it is shown again.
  useEffect(() => {
    const saved = readSavedPreview();
    if (!saved) return;
    ticket.current = saved.ticket;
    setCurrentOffer({ sliceId: saved.sliceId, offer: saved.offer, comment: saved.comment });
    setRestoredSliceId(saved.sliceId);
    setHasSpun(true);
    setPopupVisible(true);
  }, []);

  /** Shows the signed-in number's saved prize, if it has one (`cancelled`: no longer wanted). */
  const showSavedPrize = useCallback(async (cancelled: () => boolean = () => false) => {
    const saved = await fetchMySpin();
    if (cancelled() || !saved) return;
    forgetPreview(); // the number's prize is recorded: an older preview no longer counts
    setCurrentOffer(saved);
    setRestoredSliceId(saved.sliceId);
    setRecorded(true);
    setHasSpun(true);
    setPopupAfterSpin(false);
    setPopupVisible(true);
  }, []);

  // Verified state survives a reload within the token's lifetime; a winner sees the saved prize.
  useEffect(() => {
    if (!hasSession('visitor')) return;
    let cancelled = false;
    (async () => {
      if (!(await getIdToken('visitor')) || cancelled) return;
      setVerified(true);
      await showSavedPrize(() => cancelled);
    })().catch((error: unknown) => {
      if (isUnauthorized(error)) signOut();
      else console.error('saved prize could not be loaded', error);
    });
    return () => {
      cancelled = true;
    };
  }, [signOut, showSavedPrize]);

  // The wheel points at a restored prize (a sold-out or deleted prize is not on the wheel).
  useEffect(() => {
    if (!restoredSliceId) return;
    const index = slices.findIndex((slice) => slice.id === restoredSliceId);
    if (index < 0) return;
    // The wheel may not be drawn yet (its data still loading): then it is pointed once it is.
    if (wheel.showItem(index)) setRestoredSliceId(null);
  }, [restoredSliceId, slices, wheel]);

  /** POST /api/spins, with the spin-first ticket when there is one (an expired one: a fresh draw). */
  const recordSpin = useCallback(async (): Promise<SpinResult> => {
    // A passing failure (no answer, 429, 503...) is asked again while the wheel turns.
    const withTicket = ticket.current ?? undefined;
    let result: SpinResult;
    try {
      result = await withDrawRetries(() => createSpin(withTicket));
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'SPIN_TICKET_INVALID')) throw error;
      result = await withDrawRetries(() => createSpin());
    }
    ticket.current = null;
    forgetPreview();
    setRecorded(true);
    return result;
  }, []);

  const landOn = async (result: SpinResult) => {
    const index = slices.findIndex((slice) => slice.id === result.sliceId);
    if (index >= 0) {
      await wheel.spinToItem(index);
      wheel.celebrate();
    } else await wheel.settle();
    setCurrentOffer(result);
    setHasSpun(true);
    later(() => {
      setPopupAfterSpin(true);
      setPopupVisible(true);
    }, WIN_POPUP_DELAY_MS);
    later(() => setSpinning(false), SPIN_STATE_CLEAR_MS);
  };

  const spin = async () => {
    if (isSpinning || slices.length === 0) return;
    // A visitor who has won sees the win again at once: a second full spin would read as a second
    // chance. (Verified after a spin-first preview, the preview is recorded by spinning on.)
    if (hasSpun && currentOffer && (recorded || !isVerified)) {
      setPopupAfterSpin(false);
      setPopupVisible(true);
      return;
    }
    // Once verified or having spun, Spin runs directly.
    if (!isVerified && !hasSpun && spinMode === 'verify-first') {
      setDialogOpen(true);
      return;
    }
    setSpinning(true);
    setPopupVisible(false);
    try {
      let result: SpinResult;
      if (currentOffer && (recorded || !isVerified))
        result = currentOffer; // never a new draw
      else if (isVerified) {
        wheel.spinUp();
        result = await recordSpin();
      } else {
        wheel.spinUp();
        const preview = await previewSpin();
        savePreview(preview);
        ticket.current = preview.ticket;
        result = { sliceId: preview.sliceId, offer: preview.offer, comment: preview.comment };
      }
      await landOn(result);
    } catch (error) {
      // A spin that failed for good (after the retries) is only logged; the wheel slows to a stop
      // and Spin works again.
      console.error('spin failed', error);
      await wheel.settle();
      setSpinning(false);
      if (isUnauthorized(error)) {
        signOut();
        if (spinMode === 'verify-first') setDialogOpen(true);
      }
    }
  };

  // The popup of a recorded prize still to redeem hands on what it learns (redeemed by staff).
  const updateOffer = useCallback(
    (fresh: SpinResult) =>
      setCurrentOffer((current) =>
        current?.sliceId === fresh.sliceId && current.redeemedAt === fresh.redeemedAt
          ? current
          : fresh,
      ),
    [],
  );

  const onDialogVerified = (_phoneNumber?: string, how?: Verified) => {
    setDialogOpen(false);
    setVerified(true);
    setBannerVisible(true);
    later(() => setBannerVisible(false), VERIFICATION_BANNER_MS);
    // A winner who verified the number said to have a reward sees that prize at once.
    if (how?.recovered)
      showSavedPrize().catch((error: unknown) =>
        console.error('saved prize could not be loaded', error),
      );
  };

  const onPopupVerified = async () => {
    setVerified(true);
    setCurrentOffer(await recordSpin());
  };

  return {
    isSpinning,
    currentOffer,
    recorded,
    popupVisible,
    popupAfterSpin,
    dialogOpen,
    bannerVisible,
    spin,
    onDialogVerified,
    closeDialog: () => setDialogOpen(false),
    onPopupVerified,
    closePopup: () => setPopupVisible(false),
    updateOffer,
  };
}
