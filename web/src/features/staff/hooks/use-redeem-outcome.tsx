/**
 * Redeeming at the counter, from the list's Claim or from a scan: the outcome is said in one line
 * that takes focus when the request ends (the Claim that was pressed is then disabled), a session
 * that has ended is handed to the page, and what a refusal means is the caller's to say.
 */
import { useRef, useState, type RefObject } from 'react';
import { MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import type { Customer } from '@shared/types';
import { ApiError } from '../../../lib/api-client';

export interface RedeemFeedback {
  kind: 'success' | 'error';
  text: string;
}

/**
 * What a refused redeem (an answer from the API, not the session's) means where it was asked: the
 * words for the feedback line, or null when the caller has shown it some other way.
 */
export type RedeemRefusal = (error: ApiError) => Promise<string | null> | string | null;

export function useRedeemOutcome(handleAuthFailure: (error: unknown) => boolean) {
  const [feedback, setFeedback] = useState<RedeemFeedback>();
  /** The phone number of the customer being redeemed, while the request is out. */
  const [redeeming, setRedeeming] = useState<string>();
  const feedbackRef = useRef<HTMLParagraphElement>(null);

  /** Sends the redeem of `customer` (`send` also shows the redeemed customer where it belongs). */
  async function redeem(
    customer: Customer,
    send: () => Promise<unknown>,
    refused: RedeemRefusal,
  ): Promise<void> {
    setRedeeming(customer.phoneNumber);
    setFeedback(undefined);
    try {
      await send();
      setFeedback({
        kind: 'success',
        text: STAFF_TEXT.redeemSucceeded(formatLocalNumber(customer.localNumber)),
      });
    } catch (error) {
      if (handleAuthFailure(error)) return;
      const text = error instanceof ApiError ? await refused(error) : MESSAGES.redeemFailed;
      if (text !== null) setFeedback({ kind: 'error', text });
    } finally {
      setRedeeming(undefined);
      requestAnimationFrame(() => feedbackRef.current?.focus());
    }
  }

  return { feedback, setFeedback, feedbackRef, redeeming, redeem };
}

/** The outcome line: announced (an alert when refused), and focusable so the outcome takes focus. */
export function RedeemFeedbackLine({
  feedback,
  feedbackRef,
}: {
  feedback: RedeemFeedback | undefined;
  feedbackRef: RefObject<HTMLParagraphElement | null>;
}) {
  const refused = feedback?.kind === 'error';
  return (
    <p
      ref={feedbackRef}
      tabIndex={-1}
      role={refused ? 'alert' : 'status'}
      className={refused ? 'ui-notice ui-notice--error' : 'ui-notice'}
    >
      {feedback?.text}
    </p>
  );
}
