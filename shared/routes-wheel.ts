/**
 * The wheel page's part of the route table (shared/routes.ts, which holds every route and starts
 * with these): what a route is, its path parameters, and the public and visitor routes of the
 * visitor's API. A module of its own so the wheel page's first download carries these entries
 * and not the staff and admin ones; the web's visitor code names its routes here
 * (.dependency-cruiser.cjs, "wheel-page-routes"). Plain data: no AWS or React imports.
 */

/** Who may call a route. `staff` is admin or operator; handlers re-check the token's groups. */
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

/** The visitor's API: the routes the wheel page calls, and the product's "does user exist". */
export const WHEEL_ROUTES = [
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

export type WheelRouteId = (typeof WHEEL_ROUTES)[number]['id'];

/** The lookup of a route table by id, typed by the table: `routeOf` and `wheelRouteOf` are two. */
export function routeLookup<const Table extends readonly RouteDef[]>(table: Table) {
  return <Id extends Table[number]['id']>(id: Id): Extract<Table[number], { id: Id }> =>
    table.find((route) => route.id === id) as Extract<Table[number], { id: Id }>;
}

/** The wheel page's route with this id (shared/routes.ts `routeOf` finds any route). */
export const wheelRouteOf = routeLookup(WHEEL_ROUTES);

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
