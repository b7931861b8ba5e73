/**
 * What each API handler may touch: the least-privilege map the Api construct turns into IAM.
 * Keyed by RouteId, so a new route in shared/routes.ts does not typecheck until its needs are
 * written here. Read = GetItem and ConditionCheckItem (TransactWriteItems checks), plus the one
 * bulk read the table's repository makes (tableActions); write adds PutItem, UpdateItem, DeleteItem.
 */
import type { RouteAuth, RouteId } from '@shared/routes';
import type { TableDef } from '@shared/definitions';

export type TableAccess = 'read' | 'write';

/**
 * The execution role a route's handler shares, by who may call the route: the visitor site's
 * handlers (public routes and visitor routes, the public ones including the staff sign-in, which
 * checks a password no visitor route could use), the staff's and the admin's. Each role holds
 * the union of its routes' needs below, so a handler may do what any handler of its group needs;
 * docs/security.md ("Shared execution roles") weighs what that gives an attacker.
 */
export type ApiRoleGroup = 'visitorApi' | 'staffApi' | 'adminApi';
export const API_ROLE_GROUP: Readonly<Record<RouteAuth, ApiRoleGroup>> = {
  public: 'visitorApi',
  visitor: 'visitorApi',
  staff: 'staffApi',
  admin: 'adminApi',
};

/** Cognito admin calls a handler makes on a pool. */
export type PoolAction =
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminUserGlobalSignOut'
  | 'AdminGetUser'
  | 'AdminDeleteUser'
  | 'AdminAddUserToGroup'
  | 'AdminInitiateAuth';

/**
 * Every non-public handler checks that the token's user still exists (domain/active-user). Visitors:
 * the number's visitor record (limits; written back when Cognito, asked only without a matching
 * record, confirms the user). Staff: the staff pool itself.
 */
const ACTIVE_VISITOR = ['AdminGetUser'] as const;
const ACTIVE_STAFF = ['AdminGetUser'] as const;

export interface RouteNeeds {
  /** Tables and the access level on each. */
  readonly tables?: Partial<Record<TableDef['name'], TableAccess>>;
  /** Tables the handler lists (their bulk read: BULK_READS); each must be in `tables` too. */
  readonly lists?: readonly TableDef['name'][];
  /** s3:PutObject under the logo prefix (business/) of the logo bucket. */
  readonly logoUpload?: boolean;
  /** Admin calls on the visitor pool. */
  readonly visitorPool?: readonly PoolAction[];
  /** Admin calls on the staff pool. */
  readonly staffPool?: readonly PoolAction[];
  /**
   * The erasure key (ERASURE_KEY), for handlers that read or write the markers erased numbers
   * leave (lambdas/repositories/customers.ts: hasReward, putCustomerOnce, eraseCustomerRecord).
   * Only these functions get it, even in a shared role (a condition on the calling function);
   * test/lambdas/secrets-per-route.test.ts runs the others without it.
   */
  readonly erasureKey?: boolean;
}

/** What any reader of a table calls: single items, and conditions inside transactions. */
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:ConditionCheckItem'] as const;
/** What any writer adds (transactions are made of these too). */
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] as const;
/**
 * The bulk read of a table, granted only to the routes that list it (RouteNeeds.lists): the
 * customers' pages and change feed are index queries, the slices are read whole (at most 10), and
 * a range of day counters is one BatchGetItem (lambdas/repositories). No other table is ever
 * queried, scanned or batch-read, so no function may.
 */
const BULK_READS: Readonly<Record<TableDef['name'], readonly string[]>> = {
  customers: ['dynamodb:Query'],
  slices: ['dynamodb:Scan'],
  stats: ['dynamodb:BatchGetItem'],
  settings: [],
  limits: [],
};

/** The DynamoDB actions `access` to `table` grants, with its bulk read when `lists`. */
export function tableActions(
  table: TableDef['name'],
  access: TableAccess,
  lists = false,
): string[] {
  return [
    ...READ_ACTIONS,
    ...(lists ? BULK_READS[table] : []),
    ...(access === 'write' ? WRITE_ACTIONS : []),
  ];
}

/**
 * A staff route: its own needs plus what every staff handler checks first (domain/active-user.ts):
 * the account in the staff pool (AdminGetUser) and its last sign-out everywhere (limits).
 */
function staffRoute(needs: RouteNeeds): RouteNeeds {
  return {
    ...needs,
    tables: { limits: 'read', ...needs.tables },
    staffPool: [...ACTIVE_STAFF, ...(needs.staffPool ?? [])],
  };
}

export const ROUTE_NEEDS: Readonly<Record<RouteId, RouteNeeds>> = {
  // Counts the visit for the owner's insights (stats).
  'get-wheel': { tables: { settings: 'read', slices: 'read', stats: 'write' }, lists: ['slices'] },
  // Refuses numbers that already have a reward, reads (never spends) the number's SMS budget,
  // spends the client's code budget and grants one code (limits), creates the visitor
  // (AdminCreateUser; an existing user is not an error) and records its sub (limits).
  // Counts refused codes for the owner's insights (stats).
  'start-otp': {
    tables: { customers: 'read', limits: 'write', stats: 'write' },
    visitorPool: ['AdminCreateUser'],
    // hasReward: an erased number keeps its reward.
    erasureKey: true,
  },
  // Spends the client's lookup budget (limits); hasReward reads the erasure markers.
  // Its budgets and the row of wrong passwords are in the limits table; trust is read there too.
  'staff-sign-in': { tables: { limits: 'write' }, staffPool: ['AdminInitiateAuth'] },
  'has-reward': { tables: { customers: 'read', limits: 'write' }, erasureKey: true },
  // Spin-first mode: draws a slice and stores a short-lived spin ticket (and its per-IP budget)
  // in the limits table.
  // Reads the spin mode (settings), spends the challenge and the client's budget (limits).
  // Counts the preview for the owner's insights (stats).
  'preview-spin': {
    tables: { settings: 'read', slices: 'read', limits: 'write', stats: 'write' },
    lists: ['slices'],
  },
  // Signs a challenge: touches nothing.
  'spin-challenge': {},
  // Signs a challenge as hard as the deployment's SMS count this hour calls for (limits, read).
  'otp-challenge': { tables: { limits: 'read' } },
  // Takes the ticket (limits), then one transaction: put the customer if absent, decrement the
  // slice's stock if it has one. No counter: the insights count wins from the table's stream.
  'create-spin': {
    tables: { customers: 'write', slices: 'write', limits: 'write' },
    lists: ['slices'],
    visitorPool: ACTIVE_VISITOR,
    // The win's transaction checks the number was never erased.
    erasureKey: true,
  },
  'get-my-spin': {
    tables: { customers: 'read', limits: 'write' },
    visitorPool: ACTIVE_VISITOR,
  },
  'search-users': staffRoute({ tables: { customers: 'read' } }),
  // Scan to redeem: the references are limits-table items (lambdas/repositories/prize-references.ts).
  'issue-prize-reference': {
    tables: { customers: 'read', limits: 'write' },
    visitorPool: ACTIVE_VISITOR,
  },
  'scan-prize': staffRoute({ tables: { customers: 'read', limits: 'read' } }),
  // Redeems as redeem-user does: the stats stream counts it, the transaction writes no counter.
  'redeem-scanned': staffRoute({ tables: { customers: 'write', limits: 'read' } }),
  // Each page's cursor is kept in the limits table (an opaque token in the URL).
  'list-users': staffRoute({
    tables: { customers: 'read', limits: 'write' },
    lists: ['customers'],
  }),
  // The redeem alone: the insights count it from the customers table's stream.
  'redeem-user': staffRoute({ tables: { customers: 'write' } }),
  // Reads the customers' change index.
  'list-user-changes': staffRoute({ tables: { customers: 'read' }, lists: ['customers'] }),
  // The day counters and the prizes owed (stats), the slices' odds and the spin mode.
  'get-insights': staffRoute({
    tables: { stats: 'read', slices: 'read', settings: 'read' },
    lists: ['stats', 'slices'],
  }),
  // Pages through the customers; its cursors are kept in the limits table.
  'export-customers': staffRoute({
    tables: { customers: 'read', limits: 'write' },
    lists: ['customers'],
  }),
  // Deletes the customer (leaving a keyed-hash marker), the visitor record (limits) and the user.
  'erase-customer': staffRoute({
    tables: { customers: 'write', limits: 'write' },
    visitorPool: ['AdminDeleteUser'],
    erasureKey: true,
  }),
  // Username, role and email come from the verified ID token (the user must still exist).
  'get-staff-me': staffRoute({}),
  'get-business-settings': { tables: { settings: 'read' } },
  'put-business-settings': staffRoute({ tables: { settings: 'write' } }),
  'get-game-settings': { tables: { settings: 'read' } },
  'put-game-settings': staffRoute({ tables: { settings: 'write' } }),
  'list-slices': staffRoute({ tables: { slices: 'read' }, lists: ['slices'] }),
  // Slice writes keep the slice count in settings in the same transaction (max 10).
  'create-slice': staffRoute({ tables: { slices: 'write', settings: 'write' } }),
  'update-slice': staffRoute({ tables: { slices: 'write' } }),
  'delete-slice': staffRoute({ tables: { slices: 'write', settings: 'write' } }),
  // Stores the file only; the admin then saves the URL with the business settings.
  'upload-logo': staffRoute({ logoUpload: true }),
  // Sets the password, signs the account out everywhere and records when (limits; and in settings
  // for the "Get ready" list).
  'set-staff-password': staffRoute({
    tables: { limits: 'write', settings: 'write' },
    // A deleted account is made again (domain/staff-passwords.ts).
    staffPool: [
      'AdminSetUserPassword',
      'AdminUserGlobalSignOut',
      'AdminCreateUser',
      'AdminAddUserToGroup',
    ],
  }),
  // The "Get ready" list: the settings (with its facts item), the slices and the trusted list.
  'get-setup': staffRoute({
    tables: { settings: 'read', slices: 'read', limits: 'read' },
    lists: ['slices'],
  }),
  'record-printed': staffRoute({
    tables: { settings: 'write', slices: 'read', limits: 'read' },
    lists: ['slices'],
  }),
  // The trusted connections are one item in the limits table.
  'list-trusted': staffRoute({ tables: { limits: 'read' } }),
  'trust-connection': staffRoute({ tables: { limits: 'write' } }),
  'untrust-connection': staffRoute({ tables: { limits: 'write' } }),
};
