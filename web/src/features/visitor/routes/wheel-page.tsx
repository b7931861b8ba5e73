/**
 * The public wheel page (spec 2 "Wheel page", 4 "Wheel page flow"). The server draws every prize:
 * the page only animates the wheel to the slice the API answered with.
 *
 * verify-first (default): Spin opens the Verification dialog until the number is verified; then
 * Spin asks POST /api/spins and lands on its slice. spin-first: Spin asks POST /api/spins/preview
 * (a server draw plus a ticket); the win popup's "Claim Prize via SMS" verifies the number and
 * exchanges the ticket. Either way a spun visitor never gets a new draw: Spin replays the prize.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  SPIN_STATE_CLEAR_MS,
  VERIFICATION_BANNER_MS,
  WIN_POPUP_DELAY_MS,
} from '../../../../../shared/constants';
import { MESSAGES, VISITOR_TEXT } from '../../../../../shared/messages';
import type { SpinResult } from '../../../../../shared/types';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getIdToken, hasSession } from '../../../lib/session';
import {
  PrizeWheel,
  WHEEL_PAGE_PROPS,
  type PrizeWheelHandle,
} from '../../../components/wheel/prize-wheel';
import { createSpin } from '../api/create-spin';
import { fetchMySpin } from '../api/get-my-spin';
import { previewSpin } from '../api/preview-spin';
import { SiteFooter } from '../components/site-footer';
import { VerificationDialog } from '../components/verification-dialog';
import { WheelHeader } from '../components/wheel-header';
import { WinPopup } from '../components/win-popup';
import { useWheelData } from '../hooks/use-wheel-data';
import { shuffleSlices, toWheelItems } from '../lib/wheel-items';
import './wheel-page.css';

/**
 * Labels stop at this fraction of the wheel radius (engine default 0.2), so that long prize names
 * shrink instead of running under the central Spin button (22 % of the wheel's width, about 0.23
 * of its radius).
 */
const LABEL_INNER_RADIUS = 0.3;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function Component() {
  const { status, data } = useWheelData();
  const slices = useMemo(() => shuffleSlices(data.slices), [data.slices]);
  const items = useMemo(
    () => toWheelItems(slices, data.game.itemBackgroundColors),
    [slices, data.game.itemBackgroundColors],
  );
  const wheelProps = useMemo(
    () => ({
      ...WHEEL_PAGE_PROPS.wheelProps,
      itemBackgroundColors: data.game.itemBackgroundColors,
      itemLabelRadiusMax: LABEL_INNER_RADIUS,
    }),
    [data.game.itemBackgroundColors],
  );
  const wheel = useRef<PrizeWheelHandle>(null);

  const [isVerified, setVerified] = useState(false);
  const [hasSpun, setHasSpun] = useState(false);
  const [isSpinning, setSpinning] = useState(false);
  const [currentOffer, setCurrentOffer] = useState<SpinResult | null>(null);
  /** The server holds currentOffer as this number's reward. */
  const [recorded, setRecorded] = useState(false);
  /** Spin-first: the ticket of the previewed draw, until it is exchanged. */
  const ticket = useRef<string | null>(null);
  const [isHidden, setHidden] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [bannerVisible, setBannerVisible] = useState(false);

  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const signOut = useCallback(() => {
    clearSession('visitor');
    setVerified(false);
  }, []);

  // Verified state survives a reload within the token's lifetime; a winner sees the saved prize.
  useEffect(() => {
    if (!hasSession('visitor')) return;
    let cancelled = false;
    (async () => {
      if (!(await getIdToken('visitor')) || cancelled) return;
      setVerified(true);
      const saved = await fetchMySpin();
      if (cancelled || !saved) return;
      setCurrentOffer(saved);
      setRecorded(true);
      setHasSpun(true);
      setHidden(false);
    })().catch((error: unknown) => {
      if (isUnauthorized(error)) signOut();
      else console.error('saved prize could not be loaded', error);
    });
    return () => {
      cancelled = true;
    };
  }, [signOut]);

  /** POST /api/spins, with the spin-first ticket when there is one (an expired one: a fresh draw). */
  const recordSpin = useCallback(async (): Promise<SpinResult> => {
    let result: SpinResult;
    try {
      result = await createSpin(ticket.current ?? undefined);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'SPIN_TICKET_INVALID')) throw error;
      result = await createSpin();
    }
    ticket.current = null;
    setRecorded(true);
    return result;
  }, []);

  const landOn = async (result: SpinResult) => {
    const index = slices.findIndex((slice) => slice.id === result.sliceId);
    if (index >= 0) await wheel.current?.spinToItem(index);
    setCurrentOffer(result);
    setHasSpun(true);
    later(() => setHidden(false), WIN_POPUP_DELAY_MS);
    later(() => setSpinning(false), SPIN_STATE_CLEAR_MS);
  };

  const spin = async () => {
    if (isSpinning || slices.length === 0) return;
    // Spec 4: once verified or having spun, Spin runs directly.
    if (!isVerified && !hasSpun && data.game.spinMode === 'verify-first') {
      setDialogOpen(true);
      return;
    }
    setSpinning(true);
    setHidden(true);
    try {
      let result: SpinResult;
      if (currentOffer && (recorded || !isVerified))
        result = currentOffer; // never a new draw
      else if (isVerified) result = await recordSpin();
      else {
        const preview = await previewSpin();
        ticket.current = preview.ticket;
        result = { sliceId: preview.sliceId, offer: preview.offer, comment: preview.comment };
      }
      await landOn(result);
    } catch (error) {
      // Spec 8: a failed spin or save is only logged.
      console.error('spin failed', error);
      setSpinning(false);
      if (isUnauthorized(error)) {
        signOut();
        if (data.game.spinMode === 'verify-first') setDialogOpen(true);
      }
    }
  };

  const onDialogVerified = () => {
    setDialogOpen(false);
    setVerified(true);
    setBannerVisible(true);
    later(() => setBannerVisible(false), VERIFICATION_BANNER_MS);
  };

  const onClaimVerified = async () => {
    setVerified(true);
    setCurrentOffer(await recordSpin());
  };

  return (
    <div className="wheel-page">
      <WheelHeader businessName={data.business.businessName} logoUrl={data.business.logoUrl} />
      {bannerVisible ? (
        <p className="wheel-page__banner" role="status">
          {MESSAGES.verificationSuccessful}
        </p>
      ) : null}
      <main className="wheel-page__main">
        {status === 'loading' ? (
          <div className="wheel-page__loading" role="status">
            <span className="wheel-page__spinner" aria-hidden="true" />
            <p>{VISITOR_TEXT.loading}</p>
            <p>{VISITOR_TEXT.goodLuck}</p>
          </div>
        ) : (
          <PrizeWheel
            ref={wheel}
            className="wheel-page__wheel"
            items={items}
            wheelProps={wheelProps}
            itemDefaults={WHEEL_PAGE_PROPS.itemDefaults}
            onFlick={() => void spin()}
          >
            <button
              type="button"
              className="wheel-page__spin"
              onClick={() => void spin()}
              disabled={isSpinning}
              aria-disabled={slices.length === 0 || undefined}
            >
              {VISITOR_TEXT.spin}
            </button>
          </PrizeWheel>
        )}
      </main>
      <SiteFooter business={data.business} />
      {dialogOpen ? (
        <VerificationDialog onVerified={onDialogVerified} onClose={() => setDialogOpen(false)} />
      ) : null}
      {!isHidden && currentOffer ? (
        <WinPopup
          offer={currentOffer}
          claimed={recorded}
          onClaimVerified={onClaimVerified}
          onClose={() => setHidden(true)}
        />
      ) : null}
    </div>
  );
}
