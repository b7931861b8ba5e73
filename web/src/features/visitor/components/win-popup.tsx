import { lazy, Suspense, useEffect, useRef } from 'react';
import { VISITOR_TEXT } from '@shared/messages';
import { formatLocalNumber } from '@shared/phone-format';
import type { SpinResult } from '@shared/types';
import { usePhoneVerification } from '../hooks/use-phone-verification';
import { Modal } from './modal';
import { PhoneCodeForm } from './phone-code-form';

/** The counter's QR code: loaded with the popup of a verified winner only. */
const PrizeQr = lazy(() => import('./prize-qr').then((m) => ({ default: m.PrizeQr })));

export interface WinPopupProps {
  offer: SpinResult;
  /** Verified, or finished claiming: "Visit the store to claim your prize!". */
  claimed: boolean;
  /** Opened on a win just landed: it comes in gently, the marked slice in view meanwhile. */
  afterSpin?: boolean;
  /** Spin-first claim: called with the +61 number once verified; records the prize. */
  onClaimVerified: (phoneNumber: string) => Promise<void>;
  onClose: () => void;
  /** Where focus goes when the popup closes. */
  returnFocus?: () => HTMLElement | null;
}

/** A win's date in digits, as the counter reads it: 26/11/2026. */
const winDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' });

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
  onClaimVerified,
  onClose,
  returnFocus,
}: WinPopupProps) {
  const verification = usePhoneVerification(onClaimVerified);
  // A claim that succeeds replaces the form (and the focused field) with the store note: focus
  // moves to the note, so it is read out and Escape and Tab still work inside the popup.
  const claimNote = useRef<HTMLParagraphElement>(null);
  const claimedOnOpen = useRef(claimed);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (claimed && !claimedOnOpen.current) claimNote.current?.focus();
  }, [claimed]);
  return (
    <Modal
      label={VISITOR_TEXT.winDialogLabel}
      onClose={onClose}
      className={afterSpin ? 'win-popup win-popup--after-spin' : 'win-popup'}
      returnFocus={returnFocus}
      initialFocus={() => title.current}
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
      {claimed && offer.localNumber ? (
        <Suspense fallback={null}>
          <PrizeQr />
        </Suspense>
      ) : null}
    </Modal>
  );
}
