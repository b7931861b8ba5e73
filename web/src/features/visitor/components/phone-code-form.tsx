import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { OTP_LENGTH } from '@shared/constants';
import { VISITOR_TEXT } from '@shared/messages';
import { PRIZE_TEXT } from '@shared/messages-prize';
import { formatLocalNumber, groupPhoneDigits } from '@shared/phone-format';
import type { PhoneVerification } from '../hooks/use-phone-verification';

export interface PhoneCodeFormProps {
  verification: PhoneVerification;
  /** Step 1 button: "Send Code" in the dialog, "Send Prize" in the win popup. */
  sendLabel: string;
}

/** Step 1 (phone, send) or step 2 (code, Verify, Resend countdown) of a phone verification. */
export function PhoneCodeForm({ verification: v, sendLabel }: PhoneCodeFormProps) {
  const id = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const resendControl = useRef<HTMLButtonElement>(null);
  // When the sign-in is over the visitor is led to Resend; a new code, or a code refused, brings
  // them back to the field.
  const { step, needsResend, error: message } = v;
  const codeStepShown = useRef(false);
  useLayoutEffect(() => {
    if (step !== 'code') {
      codeStepShown.current = false;
      return;
    }
    if (needsResend) resendControl.current?.focus();
    else if (codeStepShown.current) codeInput.current?.focus();
    codeStepShown.current = true;
  }, [step, needsResend, message]);
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const sentToId = `${id}-sent-to`;
  const error = v.error ? (
    <p id={errorId} className="visitor-form__error" role="alert">
      {v.error}
    </p>
  ) : null;
  const described = v.error ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};

  const fields: StepFields = { v, inputId, errorId, error, described };
  if (v.step === 'phone') return <PhoneStep {...fields} sendLabel={sendLabel} />;
  return (
    <CodeStep {...fields} sentToId={sentToId} codeInput={codeInput} resendControl={resendControl} />
  );
}

/** What both steps show their field and its error by. */
interface StepFields {
  v: PhoneVerification;
  inputId: string;
  errorId: string;
  /** The error line, if any. */
  error: ReactNode;
  /** The field's error attributes while there is an error. */
  described: { 'aria-describedby'?: string; 'aria-invalid'?: true };
}

/** Step 1: the phone number and its send button (or "Resend in {n}s" after a refusal). */
function PhoneStep({
  v,
  inputId,
  error,
  described,
  sendLabel,
}: StepFields & { sendLabel: string }) {
  return (
    <form
      key="phone"
      className="visitor-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void v.sendCode();
      }}
    >
      <label htmlFor={inputId} className="visitor-form__label">
        {VISITOR_TEXT.phoneLabel}
      </label>
      <input
        id={inputId}
        className="visitor-form__input"
        type="tel"
        inputMode="tel"
        // "tel": what phones offer and fill most widely; they fill the number as saved
        // ("+61 412 345 678"), which setPhone turns into 0412345678. No maxLength: the browser
        // would cut a pasted or filled "+61 412 345 678" to "+61 412 34" before setPhone saw
        // it; the typing rules hold the field to 10 digits instead.
        autoComplete="tel"
        // Grouped as it is read ("0412 345 678"); the number itself stays its 10 digits.
        value={groupPhoneDigits(v.phone)}
        onChange={(event) => v.setPhone(event.target.value)}
        // A paste replaces what the field holds: a whole number pasted after a typed "04" is
        // that number, not twelve digits refused.
        onPaste={(event) => {
          event.preventDefault();
          v.setPhone(event.clipboardData.getData('text'));
        }}
        {...described}
      />
      {error}
      {v.canRecover ? (
        // Below the required message: the winner whose page was lost verifies the number to see
        // the prize (nothing is told before the code is checked: docs/security.md).
        <p className="visitor-form__recover">
          {PRIZE_TEXT.recoverPrompt}{' '}
          <button
            type="button"
            className="visitor-link"
            aria-disabled={v.busy || undefined}
            onClick={() => void v.recover()}
          >
            {PRIZE_TEXT.recover}
          </button>
        </p>
      ) : null}
      {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus.
        After a refusal that said when, it counts down to then ("Resend in {n}s"). */}
      <button
        type="submit"
        className="visitor-button"
        aria-disabled={v.busy || v.retryIn > 0 || undefined}
      >
        {v.busy
          ? VISITOR_TEXT.sending
          : v.retryIn > 0
            ? VISITOR_TEXT.resendIn(v.retryIn)
            : sendLabel}
      </button>
    </form>
  );
}

/** Step 2: where the code went, the code, Verify, and the Resend countdown. */
function CodeStep({
  v,
  inputId,
  errorId,
  error,
  described,
  sentToId,
  codeInput,
  resendControl,
}: StepFields & {
  sentToId: string;
  codeInput: RefObject<HTMLInputElement | null>;
  resendControl: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <form
      key="code"
      className="visitor-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void v.verify();
      }}
    >
      {/* Where the code went: the number, in digits (no words beyond the spec's). */}
      <p id={sentToId} className="visitor-form__sent-to">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
          <path d="M10.5 18.5h3" />
        </svg>
        {formatLocalNumber(v.phone)}
      </p>
      <label htmlFor={inputId} className="visitor-form__label">
        {VISITOR_TEXT.otpLabel}
      </label>
      <input
        ref={codeInput}
        id={inputId}
        className="visitor-form__input visitor-form__input--code"
        type="text"
        inputMode="numeric"
        // The phone offers the code from the SMS; six digits in (typed or filled) verify at once.
        autoComplete="one-time-code"
        // Step 2 replaces step 1 (a new form, see key) inside an open dialog: focus moves to it.
        autoFocus
        maxLength={OTP_LENGTH}
        value={v.code}
        onChange={(event) => v.setCode(event.target.value)}
        disabled={v.needsResend}
        {...described}
        aria-describedby={v.error ? `${sentToId} ${errorId}` : sentToId}
      />
      {error}
      <button
        type="submit"
        className="visitor-button"
        disabled={v.needsResend}
        aria-disabled={v.busy || undefined}
      >
        {v.busy ? VISITOR_TEXT.verifying : VISITOR_TEXT.verify}
      </button>
      <p className="visitor-form__resend">
        {/* One control, counting down then offering Resend, so focus can wait on it. */}
        <button
          ref={resendControl}
          type="button"
          className="visitor-link"
          aria-disabled={v.busy || v.resendIn > 0 || undefined}
          onClick={() => void v.resend()}
        >
          {v.resendIn > 0 ? VISITOR_TEXT.resendIn(v.resendIn) : VISITOR_TEXT.resend}
        </button>
      </p>
    </form>
  );
}
