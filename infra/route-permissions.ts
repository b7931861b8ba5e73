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
export type PoolAction = 'AdminGetUser' | 'AdminCreateUser' | 'AdminSetUserPassword';

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
  // Refuses numbers that already have a reward, checks the SMS limits, creates the visitor.
  'start-otp': {
    tables: { customers: 'read', limits: 'read' },
    visitorPool: ['AdminGetUser', 'AdminCreateUser'],
  },
  'user-exists': { tables: { customers: 'read' } },
  'preview-spin': { tables: { settings: 'read', slices: 'read' } },
  // One transaction: put the customer if absent, decrement the slice's stock if it has one.
  'create-spin': { tables: { customers: 'write', slices: 'write', settings: 'read' } },
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
  'list-slices': { tables: { slices: 'read', settings: 'read' } },
  // Slice writes keep the slice count in settings in the same transaction (max 10).
  'create-slice': { tables: { slices: 'write', settings: 'write' } },
  'update-slice': { tables: { slices: 'write' } },
  'delete-slice': { tables: { slices: 'write', settings: 'write' } },
  'upload-logo': { logoUpload: true },
  'set-staff-password': { staffPool: ['AdminGetUser', 'AdminSetUserPassword'] },
};
