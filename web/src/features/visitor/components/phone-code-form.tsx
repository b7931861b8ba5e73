import { useId } from 'react';
import { OTP_LENGTH, PHONE_LOCAL_LENGTH } from '../../../../../shared/constants';
import { VISITOR_TEXT } from '../../../../../shared/messages';
import type { PhoneVerification } from '../hooks/use-phone-verification';

export interface PhoneCodeFormProps {
  verification: PhoneVerification;
  /** Step 1 button: "Send Code" in the dialog, "Send Prize" in the win popup. */
  sendLabel: string;
}

/** Step 1 (phone, send) or step 2 (code, Verify, Resend countdown) of a phone verification. */
export function PhoneCodeForm({ verification: v, sendLabel }: PhoneCodeFormProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const error = v.error ? (
    <p id={errorId} className="visitor-form__error" role="alert">
      {v.error}
    </p>
  ) : null;
  const described = v.error ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};

  if (v.step === 'phone') {
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
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_LOCAL_LENGTH}
          value={v.phone}
          onChange={(event) => v.setPhone(event.target.value)}
          {...described}
        />
        {error}
        <button type="submit" className="visitor-button" disabled={v.busy}>
          {v.busy ? VISITOR_TEXT.sending : sendLabel}
        </button>
      </form>
    );
  }

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
      <label htmlFor={inputId} className="visitor-form__label">
        {VISITOR_TEXT.otpLabel}
      </label>
      <input
        id={inputId}
        className="visitor-form__input visitor-form__input--code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        // Step 2 replaces step 1 (a new form, see key) inside an open dialog: focus moves to it.
        autoFocus
        maxLength={OTP_LENGTH}
        value={v.code}
        onChange={(event) => v.setCode(event.target.value)}
        {...described}
      />
      {error}
      <button type="submit" className="visitor-button" disabled={v.busy}>
        {v.busy ? VISITOR_TEXT.verifying : VISITOR_TEXT.verify}
      </button>
      <p className="visitor-form__resend">
        {v.resendIn > 0 ? (
          <span>{VISITOR_TEXT.resendIn(v.resendIn)}</span>
        ) : (
          <button
            type="button"
            className="visitor-link"
            disabled={v.busy}
            onClick={() => void v.resend()}
          >
            {VISITOR_TEXT.resend}
          </button>
        )}
      </p>
    </form>
  );
}
