/**
 * Plain definitions of the tables, bucket and user pools. The CDK constructs and the local stack
 * both build from these, so the two cannot drift. No CDK imports here.
 */

import { PASSWORD_MIN } from './constants';

export interface TableDef {
  /** Logical name: the CDK construct id and the env var suffix (e.g. CUSTOMERS_TABLE). */
  name: 'customers' | 'slices' | 'settings' | 'limits' | 'stats';
  partitionKey: string;
  /** Attribute holding an epoch-seconds expiry, when the table uses TTL. */
  ttlAttribute?: string;
  globalSecondaryIndexes?: readonly { indexName: string; partitionKey: string; sortKey: string }[];
  /**
   * The table's change stream, with both images of each change: the insights' statistics are
   * computed from it (lambdas/triggers/stats-stream.ts), never inside the writes themselves.
   */
  stream?: 'NEW_AND_OLD_IMAGES';
}

/** Customers are listed newest first through this index: one constant partition, sorted by createdAt. */
export const CUSTOMERS_BY_CREATED_INDEX = 'byCreatedAt';
/** The constant partition value of CUSTOMERS_BY_CREATED_INDEX. */
export const CUSTOMERS_LIST_PARTITION = 'CUSTOMER';
/** The settings-table item that counts slices (at most MAX_SLICES: lambdas/repositories/slices.ts). */
export const SLICE_COUNT_ID = 'slice-count';
/**
 * Customers by their last change (a win, then a redeem), for the dashboard's live updates: same
 * partition, sorted by `changedSort` (change time, then phone number).
 */
export const CUSTOMERS_BY_CHANGE_INDEX = 'byChange';

export const TABLES: readonly TableDef[] = [
  {
    name: 'customers',
    partitionKey: 'phoneNumber',
    globalSecondaryIndexes: [
      {
        indexName: CUSTOMERS_BY_CREATED_INDEX,
        partitionKey: 'listPartition',
        sortKey: 'createdSort',
      },
      {
        indexName: CUSTOMERS_BY_CHANGE_INDEX,
        partitionKey: 'listPartition',
        sortKey: 'changedSort',
      },
    ],
    stream: 'NEW_AND_OLD_IMAGES',
  },
  { name: 'slices', partitionKey: 'id' },
  { name: 'settings', partitionKey: 'id' },
  { name: 'limits', partitionKey: 'key', ttlAttribute: 'expiresAt' },
  // The promotion's running counters per business day (repositories/stats.ts).
  { name: 'stats', partitionKey: 'id' },
];

/** Env var that carries a table's name to the handlers, e.g. CUSTOMERS_TABLE. */
export const tableEnvName = (name: TableDef['name']): string => `${name.toUpperCase()}_TABLE`;

/** Logo bucket key prefix (docs/product.md); served under /media/. */
export const LOGO_KEY_PREFIX = 'business/';
export const MEDIA_PATH_PREFIX = '/media/';

/** Staff users created at deploy (and at first local start), with the group each belongs to. */
export const STAFF_USERS = [
  { username: 'admin', group: 'admin', email: 'admin@example.com' },
  { username: 'operator', group: 'operator', email: 'operator@example.com' },
] as const;

/** The one challenge name of the visitors' custom sign-in (Cognito's wire value). */
export const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';
/**
 * The ClientMetadata entry of RespondToAuthChallenge that carries the sign-in key POST
 * /api/otp/start returned (Verify sees it; docs/cognito.md).
 */
export const SIGN_IN_KEY_METADATA = 'signInKey';

export const POOLS = {
  visitor: {
    /** Visitors sign in with their phone number as username, CUSTOM_AUTH only. */
    usernameAttributes: ['phone_number'],
    authFlows: ['CUSTOM_AUTH'],
    /**
     * Minutes a sign-in session may take (Cognito allows 3 to 15): the code's SMS may be slow, and
     * the visitor may wait out the 60 s resend countdown and use the second code, so 5 minutes,
     * not Cognito's 3. The CDK app client and the local Cognito stand-in both read this value.
     */
    authSessionValidityMinutes: 5,
    /** A verified visitor stays verified on the phone for a month. */
    refreshTokenHours: 30 * 24,
  },
  staff: {
    usernameAttributes: [],
    /** Staff type their username in any case ("Admin" is admin); the visitor pool keeps Cognito's default. */
    signInCaseSensitive: false,
    /**
     * Passwords reach Cognito only from our API (POST /api/staff/sign-in, AdminInitiateAuth with
     * AWS credentials), after its budgets: the app client allows no password flow from the internet,
     * so a stranger's guess cannot count toward Cognito's lockout (docs/security.md, "Staff
     * sign-in"). The browser still refreshes (REFRESH_TOKEN_AUTH, always allowed) and revokes.
     */
    authFlows: ['ADMIN_USER_PASSWORD_AUTH'],
    authSessionValidityMinutes: 3,
    /** A shared shop device: a staff sign-in lasts a working day at most. */
    refreshTokenHours: 12,
  },
} as const;

/** ID and access token lifetimes of both pools' app clients (refresh tokens: per pool). */
export const TOKEN_VALIDITY = {
  accessMinutes: 60,
  idMinutes: 60,
} as const;

/**
 * Cognito's lockout after failed passwords, as documented (Developer Guide, "Lockout behavior for
 * failed sign-in attempts"), for password sign-ins made without credentials and with IAM ones
 * alike: from the fifth failure the user is locked for 2^(n-5) seconds (n the failures so far), at
 * most about 15 minutes; attempts while locked answer "Password attempts exceeded" and do not count;
 * a success after a lockout, or 15 minutes with no attempt, starts again from zero. The stand-in
 * does this, and the staff sign-in's budgets are cut to it.
 */
export const COGNITO_PASSWORD_LOCKOUT = {
  freeFailures: 5,
  maxLockMinutes: 15,
  quietMinutes: 15,
} as const;

/** Password policy of the staff pool: the product's minimum; Cognito's own maximum applies. */
export const STAFF_PASSWORD_POLICY = { minLength: PASSWORD_MIN } as const;

/** The header CloudFront adds to every request it forwards to the API, holding the origin secret. */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
/**
 * The header our CloudFront function on /api/* sets to the viewer's IP address, taken from the
 * connection (it replaces any value the viewer sent under this name).
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** The log message the CreateAuthChallenge trigger writes once per SMS it has handed to SNS. */
export const SMS_SENT_LOG_MESSAGE = 'code sent';

/** The Powertools service name: every log line's `service`, and a dimension of every metric. */
export const SERVICE_NAME = 'spin-and-win';

/**
 * The deployment's own metrics, each a count of events, written by the functions with Powertools
 * Metrics (CloudWatch embedded metric format: a log line CloudWatch turns into a metric). The SMS
 * alarms watch `codesSent`, and the share of it answered right (`codesVerified`: each code sent
 * also counts 0 of it, so an hour of codes nobody answers reads 0 rather than no data).
 */
export const BUSINESS_METRICS = Object.freeze({
  codesSent: 'CodesSent',
  codesVerified: 'CodesVerified',
  spins: 'Spins',
  redemptions: 'Redemptions',
} as const);

/** The CloudWatch namespace of a deployment's metrics: one per stack, so shops stay apart. */
export const metricsNamespace = (stackName: string): string => `SpinWin/${stackName}`;

/**
 * Seconds every API function may run (the deployed functions' timeout, infra/function-defaults.ts);
 * the local HTTP API emulation ends a handler at the same moment, with API Gateway's 500.
 */
export const FUNCTION_TIMEOUT_SECONDS = 10;
