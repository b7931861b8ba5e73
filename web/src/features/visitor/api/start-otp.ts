/** POST /api/otp/start: server checks (reward, SMS limits) and the visitor user, before sign-in. */
import type { PhoneRequest } from '../../../../../shared/phone';
import { apiFetch } from '../../../lib/api-client';

export const START_OTP_PATH = '/api/otp/start';

/** Resolves when a code may be sent to `phoneNumber` (04 form); throws ApiError 409/429/400 otherwise. */
export const startOtp = (phoneNumber: string): Promise<void> =>
  apiFetch<void>(START_OTP_PATH, { method: 'POST', body: { phoneNumber } satisfies PhoneRequest });
