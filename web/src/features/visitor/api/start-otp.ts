/**
 * POST /api/otp/start: server checks (reward, SMS limits) and the visitor user, before sign-in.
 * Each call carries a solved challenge (hooks/use-otp-challenge.ts).
 */
import type { OtpStartRequest, OtpStartResponse } from '@shared/phone';
import type { SolvedChallenge } from '@shared/spin';
import { wheelRouteOf } from '@shared/routes-wheel';
import { callRoute } from '../../../lib/api-client';
import { visitSource } from '../../../lib/visit';

/**
 * `recover`: the number was said to have a reward; its code shows the winner that prize. The code
 * is counted under the placement the visitor came through (lib/visit.ts).
 */
export const startOtp = (
  phoneNumber: string,
  altcha: SolvedChallenge,
  recover = false,
): Promise<OtpStartResponse> => {
  const source = visitSource();
  return callRoute<OtpStartResponse>(wheelRouteOf('start-otp'), {
    body: {
      phoneNumber,
      altcha,
      ...(recover ? { recover } : {}),
      ...(source ? { source } : {}),
    } satisfies OtpStartRequest,
  });
};
