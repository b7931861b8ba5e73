import { useRef, useState } from 'react';
import { RESEND_COUNTDOWN_SECONDS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { acceptOtpInput, checkOtpLength } from '@shared/otp-format';
import { acceptTypedPhone, isLocalMobile, toInternational } from '@shared/phone-format';
import { ApiError } from '../../../lib/api-client';
import { CognitoError, type CustomChallenge } from '../../../lib/cognito';
import { answerCode, requestCode } from '../api/visitor-sign-in';
import { useCountdown } from './use-countdown';
import { useOtpChallenge } from './use-otp-challenge';

export type VerificationStep = 'phone' | 'code';

export interface PhoneVerification {
  step: VerificationStep;
  phone: string;
  code: string;
  error: string | undefined;
  busy: boolean;
  /** Seconds until Resend is offered. */
  resendIn: number;
  /**
   * Seconds until a code may be asked for again after a refusal that said when (a budget used up:
   * the connection's, the number's or the deployment's); 0 otherwise. Step 1 counts it down on
   * its send button instead of letting the visitor retry into the same refusal.
   */
  retryIn: number;
  /**
   * Cognito ended the sign-in (the last wrong code, or it expired): no code can be checked until
   * Resend starts a new one.
   */
  needsResend: boolean;
  setPhone(value: string): void;
  setCode(value: string): void;
  sendCode(): Promise<void>;
  verify(): Promise<void>;
  resend(): Promise<void>;
}

/**
 * The two-step phone verification of the dialog and of the win popup's claim: phone, then code.
 * Only the required messages are shown; the API's own code and message go to the console.
 * `onVerified` gets the +61 number once the tokens are saved.
 */
export function usePhoneVerification(
  onVerified: (phoneNumber: string) => void | Promise<void>,
): PhoneVerification {
  const [step, setStep] = useState<VerificationStep>('phone');
  const [phone, setPhoneValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [needsResend, setNeedsResend] = useState(false);
  const { remaining, restart } = useCountdown();
  const retry = useCountdown();
  // Solving starts as the form opens, so that Send Code finds it ready.
  const takeChallenge = useOtpChallenge();
  /** The live auth session; null once Cognito has ended it (3 wrong answers or expiry). */
  const challenge = useRef<CustomChallenge | null>(null);

  const setPhone = (value: string) => {
    // "+61 412 345 678" pasted, autofilled or typed key by key becomes 0412345678.
    const result = acceptTypedPhone(phone, value);
    setPhoneValue(result.value);
    setError(result.error);
  };

  const setCode = (value: string) => {
    setCodeValue(acceptOtpInput(code, value).value);
    setError(undefined);
  };

  /** Starts a new auth session; returns the message to show on failure. */
  const startSession = async (failure: string): Promise<string | undefined> => {
    try {
      challenge.current = await requestCode(phone, takeChallenge);
      setNeedsResend(false);
      restart(RESEND_COUNTDOWN_SECONDS);
      return undefined;
    } catch (caught) {
      console.error(
        'sending the code failed',
        caught instanceof ApiError || caught instanceof CognitoError
          ? `${caught.name}: ${caught.message}`
          : caught,
      );
      if (caught instanceof ApiError && caught.status === 409) return MESSAGES.alreadyHasReward;
      // A refusal that lifts at a known time: count down to it, on Resend (step 2) or on the
      // send button (step 1).
      if (caught instanceof ApiError && caught.status === 429 && caught.retryAfterMs) {
        const seconds = Math.ceil(caught.retryAfterMs / 1000);
        restart(seconds);
        retry.restart(seconds);
      }
      return failure;
    }
  };

  const sendCode = async () => {
    if (busy || retry.remaining > 0) return;
    if (!isLocalMobile(phone)) {
      setError(MESSAGES.phoneInvalid);
      return;
    }
    setBusy(true);
    setError(undefined);
    const failure = await startSession(MESSAGES.otpSendFailed);
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    setCodeValue('');
    setStep('code');
  };

  const resend = async () => {
    if (busy || remaining > 0) return;
    setBusy(true);
    setError(undefined);
    setCodeValue('');
    const failure = await startSession(MESSAGES.otpResendFailed);
    setBusy(false);
    if (failure) setError(failure);
  };

  const verify = async () => {
    if (busy) return;
    if (!checkOtpLength(code).ok) {
      setError(MESSAGES.otpMustBe6Digits);
      return;
    }
    const current = challenge.current;
    if (!current) {
      setNeedsResend(true);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const outcome = await answerCode(current, code);
      if (outcome.status === 'wrong') {
        challenge.current = outcome.challenge;
        setCodeValue('');
        setError(MESSAGES.otpIncorrect);
        setBusy(false);
        return;
      }
      const verifiedPhone = toInternational(phone);
      challenge.current = null;
      setBusy(false);
      setPhoneValue('');
      setCodeValue('');
      setStep('phone');
      await onVerified(verifiedPhone);
    } catch (caught) {
      setBusy(false);
      console.error(
        'verifying the code failed',
        caught instanceof CognitoError ? `${caught.type}: ${caught.message}` : caught,
      );
      // Cognito ends the session after the last wrong answer; a new code (Resend) is needed.
      if (caught instanceof CognitoError && caught.type === 'NotAuthorizedException') {
        challenge.current = null;
        setCodeValue('');
        setError(MESSAGES.otpIncorrect);
        setNeedsResend(true);
        return;
      }
      setError(MESSAGES.otpVerificationFailed);
    }
  };

  return {
    step,
    phone,
    code,
    error,
    busy,
    resendIn: remaining,
    retryIn: retry.remaining,
    needsResend,
    setPhone,
    setCode,
    sendCode,
    verify,
    resend,
  };
}
