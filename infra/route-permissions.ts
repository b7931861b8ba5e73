/**
 * What each API handler may touch: the least-privilege map the Api construct turns into IAM.
 * Keyed by RouteId, so a new route in shared/routes.ts does not typecheck until its needs are
 * written here. Read = GetItem, BatchGetItem, Query, Scan, ConditionCheckItem (TransactWriteItems
 * checks); write adds PutItem, UpdateItem, DeleteItem.
 */
import type { RouteId } from '../shared/routes';
import type { TableDef } from './definitions';

export type TableAccess = 'read' | 'write';

/** Cognito admin calls a handler makes on a pool. */
export type PoolAction = 'AdminCreateUser' | 'AdminSetUserPassword';

export interface RouteNeeds {
  /** Tables and the access level on each. */
  readonly tables?: Partial<Record<TableDef['name'], TableAccess>>;
  /** s3:PutObject under the logo prefix (business/) of the logo bucket. */
  readonly logoUpload?: boolean;
  /** Admin calls on the visitor pool. */
  readonly visitorPool?: readonly PoolAction[];
  /** Admin calls on the staff pool. */
  readonly staffPool?: readonly PoolAction[];
}

export const TABLE_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:Scan',
    'dynamodb:ConditionCheckItem',
  ],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:Scan',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
  ],
};

export const ROUTE_NEEDS: Readonly<Record<RouteId, RouteNeeds>> = {
  'get-wheel': { tables: { settings: 'read', slices: 'read' } },
  // Refuses numbers that already have a reward, reads (never spends) the SMS budget, creates the
  // visitor (AdminCreateUser; an existing user is not an error).
  'start-otp': {
    tables: { customers: 'read', limits: 'read' },
    visitorPool: ['AdminCreateUser'],
  },
  'user-exists': { tables: { customers: 'read' } },
  // Spin-first mode: draws a slice and stores a short-lived spin ticket (and its per-IP budget)
  // in the limits table.
  'preview-spin': { tables: { slices: 'read', limits: 'write' } },
  // Takes the ticket (limits), then one transaction: put the customer if absent, decrement the
  // slice's stock if it has one.
  'create-spin': { tables: { customers: 'write', slices: 'write', limits: 'write' } },
  'get-my-spin': { tables: { customers: 'read' } },
  'search-users': { tables: { customers: 'read' } },
  'list-users': { tables: { customers: 'read' } },
  'redeem-user': { tables: { customers: 'write' } },
  // Username, role and email come from the verified ID token.
  'get-staff-me': {},
  'get-business-settings': { tables: { settings: 'read' } },
  'put-business-settings': { tables: { settings: 'write' } },
  'get-game-settings': { tables: { settings: 'read' } },
  'put-game-settings': { tables: { settings: 'write' } },
  'list-slices': { tables: { slices: 'read' } },
  // Slice writes keep the slice count in settings in the same transaction (max 10).
  'create-slice': { tables: { slices: 'write', settings: 'write' } },
  'update-slice': { tables: { slices: 'write' } },
  'delete-slice': { tables: { slices: 'write', settings: 'write' } },
  // Stores the file only; the admin then saves the URL with the business settings.
  'upload-logo': { logoUpload: true },
  'set-staff-password': { staffPool: ['AdminSetUserPassword'] },
};
