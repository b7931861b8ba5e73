/**
 * The one route table. The CDK Api construct, the local HTTP API emulation, the web API client's
 * paths and the permission-matrix test all read it. Plain data: no AWS or React imports.
 */
import { USERS_PAGE_SIZE } from './constants';

/** Who may call a route. `staff` is admin or operator; handlers re-check the group claim. */
export type RouteAuth = 'public' | 'visitor' | 'staff' | 'admin';

export interface RouteDef {
  /** Stable id, also the handler's file name under lambdas/handlers/. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** API Gateway route path, with {param} placeholders. */
  path: string;
  auth: RouteAuth;
  /** Items per page, for a route that answers in pages. */
  pageSize?: number;
}

export const ROUTES = [
  { id: 'get-wheel', method: 'GET', path: '/api/wheel', auth: 'public' },
  { id: 'otp-challenge', method: 'GET', path: '/api/otp/challenge', auth: 'public' },
  { id: 'start-otp', method: 'POST', path: '/api/otp/start', auth: 'public' },
  // The spec's "does user exist" call (answered as `doesExist`): whether the number has a reward.
  { id: 'has-reward', method: 'POST', path: '/api/users/exists', auth: 'public' },
  { id: 'spin-challenge', method: 'GET', path: '/api/spins/challenge', auth: 'public' },
  { id: 'preview-spin', method: 'POST', path: '/api/spins/preview', auth: 'public' },
  { id: 'create-spin', method: 'POST', path: '/api/spins', auth: 'visitor' },
  { id: 'get-my-spin', method: 'GET', path: '/api/spins/mine', auth: 'visitor' },
  // Scan to redeem: the win popup's QR code (a reference, never a number), resolved by staff only.
  {
    id: 'issue-prize-reference',
    method: 'POST',
    path: '/api/spins/mine/reference',
    auth: 'visitor',
  },
  { id: 'scan-prize', method: 'POST', path: '/api/users/scan', auth: 'staff' },
  { id: 'redeem-scanned', method: 'POST', path: '/api/users/scan/redeem', auth: 'staff' },
  { id: 'search-users', method: 'POST', path: '/api/users/search', auth: 'staff' },
  { id: 'list-users', method: 'GET', path: '/api/users', auth: 'staff', pageSize: USERS_PAGE_SIZE },
  {
    id: 'list-user-changes',
    method: 'GET',
    path: '/api/users/changes',
    auth: 'staff',
    // Changed customers per call of the live feed; a busier moment takes a second call.
    pageSize: 100,
  },
  { id: 'redeem-user', method: 'POST', path: '/api/users/redeem', auth: 'staff' },
  { id: 'get-staff-me', method: 'GET', path: '/api/staff/me', auth: 'staff' },
  // Staff password sign-in: Cognito takes passwords from our API only (docs/security.md).
  { id: 'staff-sign-in', method: 'POST', path: '/api/staff/sign-in', auth: 'public' },
  { id: 'get-business-settings', method: 'GET', path: '/api/settings/business', auth: 'public' },
  { id: 'put-business-settings', method: 'PUT', path: '/api/settings/business', auth: 'admin' },
  { id: 'get-game-settings', method: 'GET', path: '/api/settings/game', auth: 'public' },
  { id: 'put-game-settings', method: 'PUT', path: '/api/settings/game', auth: 'admin' },
  { id: 'list-slices', method: 'GET', path: '/api/slices', auth: 'admin' },
  { id: 'create-slice', method: 'POST', path: '/api/slices', auth: 'admin' },
  { id: 'update-slice', method: 'PUT', path: '/api/slices/{id}', auth: 'admin' },
  { id: 'delete-slice', method: 'DELETE', path: '/api/slices/{id}', auth: 'admin' },
  { id: 'upload-logo', method: 'POST', path: '/api/logo', auth: 'admin' },
  { id: 'get-insights', method: 'GET', path: '/api/insights', auth: 'admin' },
  {
    id: 'export-customers',
    method: 'GET',
    path: '/api/customers/export',
    auth: 'admin',
    // Rows per page of the CSV: about 130 bytes a row keeps a page near 260 KB, far inside the
    // API's 6 MB answer and DynamoDB's 1 MB a query, so 100,000 customers are 50 calls.
    pageSize: 2000,
  },
  { id: 'erase-customer', method: 'POST', path: '/api/customers/erase', auth: 'admin' },
  { id: 'set-staff-password', method: 'PUT', path: '/api/accounts/{role}/password', auth: 'admin' },
  { id: 'get-setup', method: 'GET', path: '/api/setup', auth: 'admin' },
  { id: 'record-printed', method: 'POST', path: '/api/setup/printed', auth: 'admin' },
  { id: 'list-trusted', method: 'GET', path: '/api/trusted-connections', auth: 'admin' },
  { id: 'trust-connection', method: 'POST', path: '/api/trusted-connections', auth: 'admin' },
  {
    id: 'untrust-connection',
    method: 'DELETE',
    path: '/api/trusted-connections/{id}',
    auth: 'admin',
  },
] as const satisfies readonly RouteDef[];

/**
 * Every path parameter a route may have, with what it holds. Never a phone number (nor a code, nor
 * anything personal): URLs are written to CloudFront's and API Gateway's logs, so a number travels
 * in a POST body (docs/privacy.md). The local API and test/shared/routes.test.ts refuse any other.
 */
const PATH_PARAMETERS = {
  id: 'a prize slice id',
  role: 'a staff account: admin or operator',
} as const;
export type PathParameter = keyof typeof PATH_PARAMETERS;

export type RouteId = (typeof ROUTES)[number]['id'];
export type Route<Id extends RouteId = RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>;

/** The route with this id. */
export function routeOf<Id extends RouteId>(id: Id): Route<Id> {
  return ROUTES.find((route) => route.id === id) as Route<Id>;
}

/** The {params} of a route path; throws on one PATH_PARAMETERS does not declare. */
export function pathParametersOf(path: string): PathParameter[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    if (!name || !(name in PATH_PARAMETERS))
      throw new Error(`${path}: {${name}} is not a declared path parameter (never a phone number)`);
    return name as PathParameter;
  });
}

/** Fills a route path's {params}, encoding each value. */
export function routePath(
  path: string,
  params: Partial<Record<PathParameter, string>> = {},
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name as PathParameter];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
