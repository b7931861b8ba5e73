/**
 * POST /api/staff/sign-in (public): {username, password} -> 200 {idToken, accessToken,
 * refreshToken, expiresIn}; 400 bad input; 401 BAD_CREDENTIALS; 403 STAFF_SIGN_IN_REFUSED; 429
 * STAFF_SIGN_IN_LIMIT (Retry-After); 403 when not through the site. The password goes to Cognito
 * only (domain/staff-sign-in.ts), never stored or logged.
 */
import { staffSignInRequestSchema } from '@shared/password';
import { signInStaff } from '../domain/staff-sign-in';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  const { username, password } = parseBody(staffSignInRequestSchema, event);
  const tokens = await signInStaff(username, password, {
    pool: {
      userPoolId: requireEnv('STAFF_USER_POOL_ID'),
      clientId: requireEnv('STAFF_CLIENT_ID'),
    },
    client: viewerAddress(event),
    nowMs: Date.now,
  });
  return ok(tokens);
});
