/** POST /api/otp/start: server checks (reward, SMS limits) and the visitor user, before sign-in. */
import type { PhoneRequest } from '../../../../../shared/phone';
import { callRoute } from '../../../lib/api-client';

export const startOtp = (phoneNumber: string): Promise<void> =>
  callRoute<void>('start-otp', { body: { phoneNumber } satisfies PhoneRequest });
