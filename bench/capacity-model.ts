/**
 * The capacity bench's quota-and-price model: a crowd run's counts per visitor (CapacityRun, from
 * bench/capacity-crowd.ts) set against the AWS quotas that apply in a viral hour (100,000
 * visitors, the peak second 5 times the average) and priced at list prices.
 */
import { ROUTE_THROTTLES } from '../infra/constructs/api';
import { FUNCTION_MEMORY_MB } from '../infra/function-defaults';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { SMS_GLOBAL_HOURLY_CAP_DEFAULT, SMS_PRICE_USD_DEFAULT } from '@shared/constants';
import type { CapacityRun } from './capacity-crowd';

/** The viral hour. */
export const VISITORS_PER_HOUR = 100_000;
export const PEAK_OVER_AVERAGE = 5;
const SECONDS_PER_HOUR = 3600;

/** A quota that a viral hour may reach, and which of our calls count against it. */
interface Quota {
  name: string;
  /** The default limit, in `unit`. */
  limit: number;
  unit: string;
  source: string;
  /** How the agency raises it. */
  raise: string;
  /** What a visitor sees when it is reached. */
  seen: string;
  /** Uses per visitor that count against it, from the run. */
  calls: (run: CapacityRun) => number;
  /** What the limit is compared with: uses at the peak second (default) or in the whole hour. */
  need?: (run: CapacityRun, calls: number) => number;
  /** Set by us (a deploy option), not by AWS. */
  ours?: boolean;
}

const COGNITO_QUOTAS = 'https://docs.aws.amazon.com/cognito/latest/developerguide/quotas.html';
const LAMBDA_QUOTAS = 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html';
/** Cognito's paid request-rate increases (provisioned capacity), announced January 2024. */
const COGNITO_PAID =
  'https://aws.amazon.com/about-aws/whats-new/2024/01/provisioned-capacity-api-limits-amazon-cognito/';
const PARTITION_LIMITS =
  'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html';
export const per = (run: CapacityRun, ...keys: string[]) =>
  keys.reduce(
    (sum, key) =>
      sum + (run.perVisitor.get(key) ?? 0) + (run.perRedeem.get(key) ?? 0) * run.redeemShare,
    0,
  );

export const peakRps = (callsPerVisitor: number) =>
  (VISITORS_PER_HOUR / SECONDS_PER_HOUR) * PEAK_OVER_AVERAGE * callsPerVisitor;

/** A transactional write costs DynamoDB two write units per item (up to 1 KB). */
const TRANSACTIONAL_WCU = 2;
/** Write units of one write of an item of `bytes` (1 per KB started), in a table or an index. */
export const wcu = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
/**
 * Customers' index writes per visitor. Both indexes project the whole item and share one
 * partition key value (CUSTOMER). A win puts the item in each; a redeem rewrites it in byCreatedAt
 * (its key unchanged) and moves it in byChange (its sort key is the change time): a delete and a
 * put there, two writes.
 */
export const byCreatedWrites = (run: CapacityRun) =>
  (1 + run.redeemShare) * wcu(run.customerItemBytes);
export const byChangeWrites = (run: CapacityRun) =>
  (1 + 2 * run.redeemShare) * wcu(run.customerItemBytes);

/** What the visitor sees when code sending is throttled by Cognito or SNS (the spec's text). */
const SEND_FAILED = `"${MESSAGES.otpSendFailed}" (otp/start's 503 UNAVAILABLE with Retry-After, or the send trigger's failure; every budget and the code grant given back, nothing sent)`;

export const QUOTAS: Quota[] = [
  {
    name: 'Cognito UserAuthentication (InitiateAuth)',
    limit: 120,
    unit: 'req/s',
    source: `${COGNITO_QUOTAS} ; ${COGNITO_PAID}`,
    raise:
      'Service Quotas console > Amazon Cognito user pools > UserAuthentication (paid: provisioned capacity, about USD 20 per request/s a month in us-east-1)',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'cognito-idp InitiateAuth'),
  },
  {
    name: 'Cognito RespondToAuthChallenge (3x UserAuthentication)',
    limit: 360,
    unit: 'req/s',
    source: COGNITO_QUOTAS,
    raise: 'raised (and paid) with UserAuthentication',
    seen: `"${MESSAGES.otpVerificationFailed}" at the code step`,
    calls: (run) => per(run, 'cognito-idp RespondToAuthChallenge'),
  },
  {
    name: 'Cognito UserCreation (AdminCreateUser)',
    limit: 50,
    unit: 'req/s',
    source: COGNITO_QUOTAS,
    raise:
      'Service Quotas console > Amazon Cognito user pools > UserCreation (paid: provisioned capacity, about USD 20 per request/s a month in us-east-1)',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'cognito-idp AdminCreateUser'),
  },
  {
    name: 'Cognito UserRead (AdminGetUser)',
    limit: 120,
    unit: 'req/s',
    source: COGNITO_QUOTAS,
    raise:
      'Service Quotas console > Amazon Cognito user pools > UserRead (paid: provisioned capacity, about USD 20 per request/s a month in us-east-1)',
    seen: `staff routes only (visitors are checked in DynamoDB): 503 "${API_MESSAGES.unavailable}"`,
    calls: (run) => per(run, 'cognito-idp AdminGetUser'),
  },
  {
    name: 'SNS SMS per second without a sender ID (account, transactional)',
    limit: 20,
    unit: 'req/s',
    source: 'https://docs.aws.amazon.com/general/latest/gr/sns.html',
    raise: 'AWS Support case: SNS text messaging, messages per second',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'sns Publish'),
  },
  {
    name: 'SMS message parts per second with a sender ID (smsSenderId; Australia)',
    limit: 10,
    unit: 'MPS',
    source: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/sms-limitations-mps.html',
    raise: 'AWS Support case: End User Messaging SMS, MPS increase for the sender ID',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'sns Publish'),
  },
  {
    name: "SNS SMS monthly spend quota (a new account's; the viral hour's spend)",
    limit: 1,
    unit: 'USD/month',
    source: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/spend-limit.html',
    raise:
      'Support case: SMS spending quota increase, then aws sns set-sms-attributes MonthlySpendLimit (npm run preflight checks both)',
    seen: `"${MESSAGES.otpSendFailed}" (SNS stops sending for the rest of the month)`,
    calls: (run) => per(run, 'sns Publish'),
    need: (_run, calls) => VISITORS_PER_HOUR * calls * SMS_PRICE_USD_DEFAULT,
  },
  {
    name: 'Deployment SMS cap per hour (ours, smsHourlyCap)',
    limit: SMS_GLOBAL_HOURLY_CAP_DEFAULT,
    unit: 'SMS/hour',
    source: 'shared/constants.ts SMS_GLOBAL_HOURLY_CAP_DEFAULT',
    raise: 'ours: npm run deploy -- -c smsHourlyCap=N (a cost guard: raise it knowingly)',
    seen: `"${MESSAGES.otpSendFailed}" (otp/start's 429 SMS_GLOBAL_CAP, before any SMS)`,
    calls: (run) => per(run, 'sns Publish'),
    need: (_run, calls) => VISITORS_PER_HOUR * calls,
    ours: true,
  },
  {
    name: "API Gateway route throttle, one public route (ours; every route has its own: needed counts all of a visitor's API calls as if on one route)",
    limit: ROUTE_THROTTLES.public.rate,
    unit: 'req/s',
    source: 'infra/constructs/api.ts ROUTE_THROTTLES',
    raise: 'ours: ROUTE_THROTTLES, then redeploy',
    seen: `API Gateway's 429 (at the code step: "${MESSAGES.otpSendFailed}")`,
    calls: (run) => run.requestsPerVisitor.api,
    ours: true,
  },
  {
    name: 'API Gateway account throttle (per Region)',
    limit: 10_000,
    unit: 'req/s',
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
    raise: 'Service Quotas console > Amazon API Gateway > Throttle rate',
    seen: `API Gateway's 429 (at the code step: "${MESSAGES.otpSendFailed}")`,
    calls: (run) => run.requestsPerVisitor.api,
  },
  {
    name: 'Lambda concurrent executions (account, per Region)',
    limit: 1000,
    unit: 'concurrent',
    source: LAMBDA_QUOTAS,
    raise: 'Service Quotas console > AWS Lambda > Concurrent executions',
    seen: `API Gateway's 5xx for the throttled call; a throttled sign-in trigger: "${MESSAGES.otpSendFailed}"`,
    calls: (run) => per(run, 'lambda Invoke'),
    need: (run, calls) => peakRps(calls) * (run.msPerInvocation / 1000),
  },
  {
    name: "Lambda concurrent executions, a new account's reduced quota (10 assumed; npm run preflight reads yours)",
    limit: 10,
    unit: 'concurrent',
    source: LAMBDA_QUOTAS,
    raise:
      'Service Quotas console > AWS Lambda > Concurrent executions (AWS also raises it with usage)',
    seen: `API Gateway's 5xx for the throttled call; a throttled sign-in trigger: "${MESSAGES.otpSendFailed}"`,
    calls: (run) => per(run, 'lambda Invoke'),
    need: (run, calls) => peakRps(calls) * (run.msPerInvocation / 1000),
  },
  {
    name: 'DynamoDB partition: the SMS hourly counter (one key, transactional writes)',
    limit: 1000,
    unit: 'WCU/s per key',
    source: PARTITION_LIMITS,
    raise: 'not raisable: spread the key (design)',
    seen: SEND_FAILED,
    calls: (run) => per(run, 'sns Publish') * TRANSACTIONAL_WCU,
  },
  {
    name: 'DynamoDB partition: the customers byChange index (GSI key CUSTOMER; a win puts, a redeem moves the sort key: delete + put)',
    limit: 1000,
    unit: 'WCU/s per key',
    source: PARTITION_LIMITS,
    raise:
      'not raisable: spread the key (design); a throttled index write throttles the table write',
    seen: `503 "${API_MESSAGES.spinBusy}" after retries; never a second prize`,
    calls: byChangeWrites,
  },
  {
    name: "DynamoDB partition: one prize's stock (worst case: every win draws the same stocked slice)",
    limit: 1000,
    unit: 'WCU/s per key',
    source: PARTITION_LIMITS,
    raise: 'not raisable: spread the key (design)',
    seen: `503 "${API_MESSAGES.spinBusy}" after retries; never a second prize`,
    calls: () => TRANSACTIONAL_WCU,
  },
  {
    name: 'CloudFront requests per distribution',
    limit: 250_000,
    unit: 'req/s',
    source:
      'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html',
    raise: 'Service Quotas console > Amazon CloudFront',
    seen: 'CloudFront 503 (the page does not load)',
    calls: (run) => run.requestsPerVisitor.static + run.requestsPerVisitor.api,
  },
];

/** One priced line of the viral hour's bill. */
interface Price {
  service: string;
  /** What is paid for, and at what price (USD). */
  what: string;
  usd: (run: CapacityRun) => number;
  source: string;
}

/** Prices in USD, ap-southeast-2 (Sydney) where the service prices by Region; as of the date below. */
export const PRICES_AS_OF = 'November 2025';
export const PRICE = {
  /** The one SMS price (shared/constants.ts, the deploy's smsPriceUsd default). */
  smsAustralia: SMS_PRICE_USD_DEFAULT,
  /** Cognito user pools, Lite tier, per MAU from 10,001 to 100,000 (the first 10,000 free). */
  cognitoLiteMau: 0.0055,
  cognitoFreeMau: 10_000,
  lambdaPerMillionRequests: 0.2,
  /** Arm (Graviton), first tier. */
  lambdaArmPerGbSecond: 0.0000133334,
  httpApiPerMillion: 1.29,
  dynamoPerMillionWru: 0.7125,
  dynamoPerMillionRru: 0.1425,
  /** HTTPS requests served from Australian edges, per 10,000. */
  cloudFrontPer10kHttps: 0.0125,
  /** Data transfer out to the internet from Australian edges, per GB (first 10 TB). */
  cloudFrontPerGb: 0.114,
  wafPerMillion: 0.6,
};
const hour = (perVisitor: number) => perVisitor * VISITORS_PER_HOUR;
const writeUnits = (run: CapacityRun) =>
  per(
    run,
    'dynamodb PutItem',
    'dynamodb UpdateItem',
    'dynamodb DeleteItem',
    'dynamodb BatchWriteItem',
  ) +
  TRANSACTIONAL_WCU * per(run, 'dynamodb TransactWriteItems (items)') +
  // The customers' two indexes.
  byCreatedWrites(run) +
  byChangeWrites(run);
const readUnits = (run: CapacityRun) =>
  per(run, 'dynamodb GetItem', 'dynamodb Query', 'dynamodb Scan', 'dynamodb BatchGetItem');

export const PRICES: Price[] = [
  {
    service: 'SNS SMS to Australia',
    what: `SMS sent x $${PRICE.smsAustralia} per message`,
    usd: (run) => hour(per(run, 'sns Publish')) * PRICE.smsAustralia,
    source: 'https://aws.amazon.com/end-user-messaging/pricing/',
  },
  {
    service: 'Cognito user pool (Lite)',
    what: `${VISITORS_PER_HOUR.toLocaleString('en-AU')} new MAUs, first ${PRICE.cognitoFreeMau.toLocaleString('en-AU')} free, then $${PRICE.cognitoLiteMau} per MAU (the month's bill, if the pool has no other users)`,
    usd: () => Math.max(VISITORS_PER_HOUR - PRICE.cognitoFreeMau, 0) * PRICE.cognitoLiteMau,
    source: 'https://aws.amazon.com/cognito/pricing/',
  },
  {
    service: 'Lambda requests',
    what: `invocations (API handlers and sign-in triggers) x $${PRICE.lambdaPerMillionRequests} per million`,
    usd: (run) => (hour(per(run, 'lambda Invoke')) / 1e6) * PRICE.lambdaPerMillionRequests,
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  {
    service: 'Lambda duration',
    what: `invocations x measured ms x ${FUNCTION_MEMORY_MB} MB x $${PRICE.lambdaArmPerGbSecond} per GB-s (Arm)`,
    usd: (run) =>
      hour(per(run, 'lambda Invoke')) *
      (run.msPerInvocation / 1000) *
      (FUNCTION_MEMORY_MB / 1024) *
      PRICE.lambdaArmPerGbSecond,
    source: 'https://aws.amazon.com/lambda/pricing/',
  },
  {
    service: 'API Gateway HTTP API',
    what: `API requests x $${PRICE.httpApiPerMillion} per million`,
    usd: (run) => (hour(run.requestsPerVisitor.api) / 1e6) * PRICE.httpApiPerMillion,
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  {
    service: 'DynamoDB on-demand writes',
    what: `write units (counted calls; transaction items x2; the two customers indexes) x $${PRICE.dynamoPerMillionWru} per million`,
    usd: (run) => (hour(writeUnits(run)) / 1e6) * PRICE.dynamoPerMillionWru,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  {
    service: 'DynamoDB on-demand reads',
    what: `read units (counted calls, each as one strongly consistent read) x $${PRICE.dynamoPerMillionRru} per million`,
    usd: (run) => (hour(readUnits(run)) / 1e6) * PRICE.dynamoPerMillionRru,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  },
  {
    service: 'CloudFront requests',
    what: `static and API requests x $${PRICE.cloudFrontPer10kHttps} per 10,000 (HTTPS, Australia)`,
    usd: (run) =>
      (hour(run.requestsPerVisitor.static + run.requestsPerVisitor.api) / 10_000) *
      PRICE.cloudFrontPer10kHttps,
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  {
    service: 'CloudFront transfer',
    what: `bytes served (uncompressed, an upper bound) x $${PRICE.cloudFrontPerGb} per GB (Australia)`,
    usd: (run) => (hour(run.bytesPerVisitor) / 1e9) * PRICE.cloudFrontPerGb,
    source: 'https://aws.amazon.com/cloudfront/pricing/',
  },
  {
    service: 'WAF (on unless -c waf=false)',
    what: `requests x $${PRICE.wafPerMillion} per million (plus $5 a month per web ACL and $1 per rule)`,
    usd: (run) =>
      (hour(run.requestsPerVisitor.static + run.requestsPerVisitor.api) / 1e6) *
      PRICE.wafPerMillion,
    source: 'https://aws.amazon.com/waf/pricing/',
  },
];
