/**
 * POST /api/otp/start: server checks (reward, SMS limits) and the visitor user, before sign-in.
 * Each call carries a solved challenge (hooks/use-otp-challenge.ts).
 */
import type { OtpStartRequest, OtpStartResponse } from '@shared/phone';
import type { SolvedChallenge } from '@shared/spin';
import { callRoute } from '../../../lib/api-client';

/** `recover`: the number was said to have a reward; its code shows the winner that prize. */
export const startOtp = (
  phoneNumber: string,
  altcha: SolvedChallenge,
  recover = false,
): Promise<OtpStartResponse> =>
  callRoute<OtpStartResponse>('start-otp', {
    body: { phoneNumber, altcha, ...(recover ? { recover } : {}) } satisfies OtpStartRequest,
  });
