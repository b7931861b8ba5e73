/**
 * Who is calling, from the HTTP API JWT authorizer's claims. The authorizer has already checked the
 * signature, issuer, audience and expiry; handlers check the token kind and the group.
 */
import { forbidden, unauthorized } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { isInternationalMobile } from '@shared/phone-format';
import { staffRolesOf, type StaffRole } from '@shared/types';
import type { HttpEvent } from './http';

type Claims = Record<string, string | number | boolean | string[]>;

/** The authorizer's claims; 401 when the route had no token. */
export const claimsOf = (event: HttpEvent): Claims => {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims) throw unauthorized(API_MESSAGES.unauthorized);
  return claims;
};

export interface VisitorIdentity {
  /** +614XXXXXXXX, from the ID token's verified phone number. */
  phoneNumber: string;
  sub: string;
}

/** The visitor behind a visitor-pool ID token; 401 for anything else. */
export function visitorClaims(event: HttpEvent): VisitorIdentity {
  const claims = claimsOf(event);
  const phone = claims.phone_number;
  const verified = claims.phone_number_verified;
  if (
    claims.token_use !== 'id' ||
    typeof phone !== 'string' ||
    !isInternationalMobile(phone) ||
    !(verified === true || verified === 'true') ||
    typeof claims.sub !== 'string'
  ) {
    throw unauthorized(API_MESSAGES.unauthorized);
  }
  return { phoneNumber: phone, sub: claims.sub };
}

export interface StaffIdentity {
  username: string;
  roles: StaffRole[];
  email: string;
}

/**
 * The staff member behind a staff-pool ID token, required to hold one of `allowed`; else 401/403.
 * An access token is refused: the app sends ID tokens, and an access token is what Cognito's
 * self-service calls take, so one that leaks is worth nothing here.
 */
export function staffClaims(event: HttpEvent, allowed: readonly StaffRole[]): StaffIdentity {
  const claims = claimsOf(event);
  if (claims.token_use !== 'id') throw unauthorized(API_MESSAGES.unauthorized);
  const username = claims['cognito:username'];
  if (typeof username !== 'string' || username === '')
    throw unauthorized(API_MESSAGES.unauthorized);
  const roles = staffRolesOf(claims['cognito:groups']);
  if (!roles.some((role) => allowed.includes(role))) throw forbidden(API_MESSAGES.forbidden);
  const email = typeof claims.email === 'string' ? claims.email : '';
  return { username, roles, email };
}
