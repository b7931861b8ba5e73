/**
 * Who is calling, from the fields of the caller's ID token as the HTTP API JWT authorizer passes
 * them on (its `authorizer.jwt.claims`). The authorizer has already checked the signature, issuer,
 * audience and expiry; handlers check the token kind and the group.
 */
import { forbidden, unauthorized } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { isInternationalMobile } from '@shared/phone-format';
import { staffRolesOf, type StaffRole } from '@shared/types';
import type { HttpEvent } from './http';

type TokenFields = Record<string, string | number | boolean | string[]>;

/** The token's fields as the authorizer passed them on; 401 when the route had no token. */
export const tokenFieldsOf = (event: HttpEvent): TokenFields => {
  const fields = event.requestContext.authorizer?.jwt?.claims;
  if (!fields) throw unauthorized(API_MESSAGES.unauthorized);
  return fields;
};

export interface VisitorIdentity {
  /** +614XXXXXXXX, from the ID token's verified phone number. */
  phoneNumber: string;
  sub: string;
}

/** The visitor behind a visitor-pool ID token; 401 for anything else. */
export function visitorIdentity(event: HttpEvent): VisitorIdentity {
  const token = tokenFieldsOf(event);
  const phone = token.phone_number;
  const verified = token.phone_number_verified;
  if (
    token.token_use !== 'id' ||
    typeof phone !== 'string' ||
    !isInternationalMobile(phone) ||
    !(verified === true || verified === 'true') ||
    typeof token.sub !== 'string'
  ) {
    throw unauthorized(API_MESSAGES.unauthorized);
  }
  return { phoneNumber: phone, sub: token.sub };
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
export function staffIdentity(event: HttpEvent, allowed: readonly StaffRole[]): StaffIdentity {
  const token = tokenFieldsOf(event);
  if (token.token_use !== 'id') throw unauthorized(API_MESSAGES.unauthorized);
  const username = token['cognito:username'];
  if (typeof username !== 'string' || username === '')
    throw unauthorized(API_MESSAGES.unauthorized);
  const roles = staffRolesOf(token['cognito:groups']);
  if (!roles.some((role) => allowed.includes(role))) throw forbidden(API_MESSAGES.forbidden);
  const email = typeof token.email === 'string' ? token.email : '';
  return { username, roles, email };
}
