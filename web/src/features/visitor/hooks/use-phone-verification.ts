import { useRef, useState } from 'react';
import { OTP_LENGTH, RESEND_COUNTDOWN_SECONDS } from '@shared/constants';
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
  /**
   * The number already has a reward ("This number already has a reward!"): the visitor may verify
   * it by SMS to see that prize (recover).
   */
  canRecover: boolean;
  setPhone(value: string): void;
  setCode(value: string): void;
  sendCode(): Promise<void>;
  /** Checks the code in the field (or `typed`, just entered). */
  verify(typed?: string): Promise<void>;
  resend(): Promise<void>;
  /** Step 1 again, for a number that has a reward: its code shows the prize once verified. */
  recover(): Promise<void>;
}

/** How a number was verified: `recovered` when it was said to have a reward (its prize shows). */
export interface Verified {
  recovered: boolean;
}

/**
 * The two-step phone verification of the dialog and of the win popup's claim: phone, then code.
 * Only the required messages are shown; the API's own code and message go to the console.
 * `onVerified` gets the +61 number once the tokens are saved.
 */
export function usePhoneVerification(
  onVerified: (phoneNumber: string, how: Verified) => void | Promise<void>,
): PhoneVerification {
  const [step, setStep] = useState<VerificationStep>('phone');
  const [phone, setPhoneValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [needsResend, setNeedsResend] = useState(false);
  /** This verification recovers a prize: set once the visitor chose to after the reward message. */
  const recovering = useRef(false);
  const { remaining, restart } = useCountdown();
  const retry = useCountdown();
  // Solving starts as the form opens, so that Send Code finds it ready.
  const takeChallenge = useOtpChallenge();
  /** The live auth session; null once Cognito has ended it (3 wrong answers or expiry). */
  const challenge = useRef<CustomChallenge | null>(null);

  const setPhone = (value: string) => {
    // "+61 412 345 678" pasted, autofilled or typed key by key becomes 0412345678.
    const result = acceptTypedPhone(phone, value);
    recovering.current = false;
    setPhoneValue(result.value);
    setError(result.error);
  };

  /** Six digits in, typed or filled by the phone from the SMS (one-time-code): verified at once. */
  const setCode = (value: string) => {
    const accepted = acceptOtpInput(code, value).value;
    setCodeValue(accepted);
    setError(undefined);
    if (accepted.length === OTP_LENGTH && accepted !== code) void verify(accepted);
  };

  /** Starts a new auth session; returns the message to show on failure. */
  const startSession = async (failure: string): Promise<string | undefined> => {
    try {
      challenge.current = await requestCode(phone, takeChallenge, recovering.current);
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

  const verify = async (typed?: string) => {
    const entered = typed ?? code;
    if (busy) return;
    if (!checkOtpLength(entered).ok) {
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
      const outcome = await answerCode(current, entered);
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
      const recovered = recovering.current;
      recovering.current = false;
      await onVerified(verifiedPhone, { recovered });
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

  const recover = async () => {
    if (error !== MESSAGES.alreadyHasReward) return;
    recovering.current = true;
    await sendCode();
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
    canRecover: step === 'phone' && error === MESSAGES.alreadyHasReward,
    setPhone,
    setCode,
    sendCode,
    verify,
    resend,
    recover,
  };
}
