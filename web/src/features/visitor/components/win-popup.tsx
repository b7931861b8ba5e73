import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { VISITOR_TEXT } from '@shared/messages';
import { PRIZE_TEXT } from '@shared/messages-prize';
import { formatLocalNumber } from '@shared/phone-format';
import { isPrizeExpired } from '@shared/prize-validity';
import type { SpinResult } from '@shared/types';
import { usePhoneVerification } from '../hooks/use-phone-verification';
import { useRedeemedWatch } from '../hooks/use-redeemed-watch';
import { focusWithoutRing } from '../lib/input-modality';
import '../../../components/ui.css';
import './win-popup.css';
import { Modal } from './modal';
import { PhoneCodeForm } from './phone-code-form';

export interface WinPopupProps {
  offer: SpinResult;
  /** Verified, or finished claiming: "Visit the store to claim your prize!". */
  claimed: boolean;
  /** Opened on a win just landed: it comes in gently, the marked slice in view meanwhile. */
  afterSpin?: boolean;
  /** Spin-first claim: called with the +61 number once verified; records the prize. */
  onVerified: (phoneNumber: string) => Promise<void>;
  onClose: () => void;
  /**
   * The prize as the server says it now: while it can be redeemed, the popup asks (so the page
   * learns that staff redeemed it) and hands each answer here. Keeps its identity.
   */
  onOfferChange: (fresh: SpinResult) => void;
  /** Where focus goes when the popup closes. */
  returnFocus?: () => HTMLElement | null;
}

/** The counter's QR code: loaded with the popup of a verified winner only. */
const PrizeQr = lazy(() => import('./prize-qr').then((m) => ({ default: m.PrizeQr })));

/** The close question's dialog (the staff screens' own): loaded only when it is asked. */
const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog').then(({ ConfirmDialog }) => ({
    default: ConfirmDialog,
  })),
);

/** A win's date in digits, as the counter reads it: 26/11/2026. */
const winDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' });
/** A time of day as the counter reads it: 19:02. */
const winTime = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-AU', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/**
 * What the prize's state says, below the spec's lines: redeemed (when), expired (when), or valid
 * until when; nothing for a prize without expiry still to redeem.
 */
function prizeState(offer: SpinResult, now: Date): { spent: boolean; text: string } | undefined {
  if (offer.redeemedAt)
    return {
      spent: true,
      text: PRIZE_TEXT.redeemedOn(winDate(offer.redeemedAt), winTime(offer.redeemedAt)),
    };
  if (!offer.expiresAt) return undefined;
  return isPrizeExpired(offer, now)
    ? { spent: true, text: PRIZE_TEXT.expiredOn(winDate(offer.expiresAt)) }
    : { spent: false, text: PRIZE_TEXT.validUntil(winDate(offer.expiresAt)) };
}

/**
 * The win popup (docs/product.md): the prize, then either the store note or the SMS claim. Once the
 * prize is recorded it also shows the number it was won with and the date, in digits, so staff can
 * see at the counter that it is this number's prize. It opens with focus on its heading, so a
 * phone's keyboard does not cover the win; the claim's phone field takes focus when touched.
 */
export function WinPopup({
  offer,
  claimed,
  afterSpin = false,
  onVerified,
  onClose,
  onOfferChange,
  returnFocus,
}: WinPopupProps) {
  const verification = usePhoneVerification(onVerified);
  // A claim that succeeds replaces the form (and the focused field) with the store note: focus
  // moves to the note, so it is read out and Escape and Tab still work inside the popup.
  const claimNote = useRef<HTMLParagraphElement>(null);
  const claimedOnOpen = useRef(claimed);
  const title = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (claimed && !claimedOnOpen.current) claimNote.current?.focus();
  }, [claimed]);
  // Spin-first: a prize not claimed yet is not closed without a word.
  const [confirmingClose, setConfirmingClose] = useState(false);
  const close = () => (claimed ? onClose() : setConfirmingClose(true));
  const state = claimed ? prizeState(offer, new Date()) : undefined;
  /** The prize can be redeemed at the counter now: recorded, not redeemed, not expired. */
  const redeemable = claimed && !state?.spent;
  useRedeemedWatch(redeemable, onOfferChange);
  const classes = [
    'win-popup',
    afterSpin ? 'win-popup--after-spin' : '',
    claimed && !redeemable ? 'win-popup--spent' : '',
  ].filter(Boolean);
  return (
    <>
      <Modal
        label={VISITOR_TEXT.winDialogLabel}
        onClose={close}
        className={classes.join(' ')}
        returnFocus={returnFocus}
        // The page moves focus to the heading (so it is read out); without a keyboard in use, no
        // focus ring frames "Congratulations!" on the screen shown to staff.
        initialFocus={() => title.current && focusWithoutRing(title.current)}
      >
        <h2 ref={title} className="win-popup__title" tabIndex={-1}>
          {VISITOR_TEXT.congratulations}
        </h2>
        <p className="win-popup__lead">{VISITOR_TEXT.youWon}</p>
        <p className="win-popup__offer">{offer.offer.toUpperCase()}</p>
        {offer.comment ? <p className="win-popup__comment">{offer.comment}</p> : null}
        {offer.localNumber && offer.wonAt ? (
          <p className="win-popup__proof">
            <span className="win-popup__number">{formatLocalNumber(offer.localNumber)}</span>
            <time className="win-popup__date" dateTime={offer.wonAt}>
              {winDate(offer.wonAt)}
            </time>
          </p>
        ) : null}
        {claimed ? (
          <p ref={claimNote} className="win-popup__claim-note" tabIndex={-1}>
            {VISITOR_TEXT.visitStore}
          </p>
        ) : (
          <section className="win-popup__claim" aria-labelledby="win-popup-claim">
            <h3 id="win-popup-claim" className="win-popup__claim-title">
              {VISITOR_TEXT.claimViaSms}
            </h3>
            <PhoneCodeForm verification={verification} sendLabel={VISITOR_TEXT.sendPrize} />
          </section>
        )}
        {/* Below the spec's lines: the prize's state, read out when it changes (staff redeemed it
          while the popup was open: hooks/use-redeemed-watch.ts). */}
        {claimed ? (
          <p className="win-popup__state" role="status">
            {state?.text}
          </p>
        ) : null}
        {/* The counter's QR code for this prize renders here, and only here, while `redeemable`:
          never on a redeemed or expired prize. */}
        {redeemable && offer.localNumber ? (
          <Suspense fallback={null}>
            <PrizeQr />
          </Suspense>
        ) : null}
      </Modal>
      {confirmingClose ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={PRIZE_TEXT.closeUnclaimedTitle}
            message={PRIZE_TEXT.closeUnclaimedQuestion}
            cancelLabel={PRIZE_TEXT.keepOpen}
            confirmLabel={VISITOR_TEXT.closeLabel}
            onCancel={() => setConfirmingClose(false)}
            onConfirm={() => {
              setConfirmingClose(false);
              onClose();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
