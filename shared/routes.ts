/**
 * The one route table. The CDK Api construct, the local HTTP API emulation, the web API client's
 * paths and the permission-matrix test all read it. It starts with the wheel page's routes, kept in
 * shared/routes-wheel.ts so that page's first download carries only those. Plain data: no AWS or
 * React imports.
 */
import { USERS_PAGE_SIZE } from './constants';
import { routeLookup, WHEEL_ROUTES, type RouteDef } from './routes-wheel';

export {
  pathParametersOf,
  routePath,
  type PathParameter,
  type RouteAuth,
  type RouteDef,
} from './routes-wheel';

export const ROUTES = [
  ...WHEEL_ROUTES,
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

export type RouteId = (typeof ROUTES)[number]['id'];
export type Route<Id extends RouteId = RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>;

/** The route with this id. */
export const routeOf = routeLookup(ROUTES);
