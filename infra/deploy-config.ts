/**
 * Deploy options, read from CDK context (`npx cdk deploy -c key=value` or cdk.json "context").
 * Context values from the command line are strings, so each is parsed and checked here, once,
 * with a message that says what to fix.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUSINESS_TIME_ZONE_DEFAULT, SMS_PRICE_USD_DEFAULT } from '@shared/constants';

/** The repository root (infra/..): entry files and web/dist are resolved from here, not from cwd. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * A shop's name in stack and resource names: lowercase letters, digits and single inner hyphens,
 * 1-24 characters (CloudFormation stack names allow 128, but CDK squeezes generated names such as
 * CloudFront function names into 64).
 */
const SHOP_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,22}[a-z0-9])?$/;
/** A plausible e-mail address (SNS confirms it: the subscription waits for its link to be clicked). */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** Default SMS spend of the month (USD) that raises the spend alarm: about 970 codes at the default price. */
const SMS_MONTHLY_SPEND_ALARM_USD_DEFAULT = 50;
/**
 * An alphanumeric sender ID for Australia: 3-11 letters/digits with at least one letter (AWS End
 * User Messaging's Australian sender ID registration form; docs/deploy.md cites the page).
 */
const SENDER_ID_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/;
/** Environment variable that names the region when `-c region` is not given (set by the user). */
const REGION_ENV = 'AWS_REGION';

export interface DeployConfig {
  /**
   * The shop this deployment is for; carried by the stack names (SpinWin-<shop>) and so by every
   * generated resource name. Undefined: the original names (SpinWin, SpinWinEdge).
   */
  readonly shop?: string;
  /**
   * AWS region of the main stack: `-c region=...`, else the AWS_REGION environment variable. Never
   * guessed: without either, readDeployConfig refuses (the CLI would otherwise fall back to
   * us-east-1 without a word).
   */
  readonly region: string;
  /** Where the region came from, for the line printed before a deploy. */
  readonly regionSource: 'context' | 'environment';
  /**
   * Deletion protection on both user pools. Off by default so that a failed first deploy can roll
   * back (CloudFormation deletes what it created, and a protected pool refuses); turn it on once
   * the promotion is live (docs/deploy.md).
   */
  readonly poolDeletionProtection: boolean;
  /** Custom domain of the site, e.g. spin.example.com.au. */
  readonly domainName?: string;
  /** ACM certificate (us-east-1) for domainName. */
  readonly certificateArn?: string;
  /** Alphanumeric SMS sender ID (must be registered for Australia). */
  readonly smsSenderId?: string;
  /** Deployment-wide cap on SMS codes per hour. */
  readonly smsHourlyCap?: number;
  /** SMS codes one client (address) may ask for an hour. */
  readonly clientCodesPerHour?: number;
  /** Where the alarms are e-mailed; undefined: the alarm topic has no subscription. */
  readonly alarmEmail?: string;
  /** SMS spend of the month (USD, AWS/SNS SMSMonthToDateSpentUSD) that raises the spend alarm. */
  readonly smsMonthlySpendAlarmUsd: number;
  /** Rate-based WAF rules on /api/* (CloudFront) and on the visitor pool. */
  readonly waf: boolean;
  /** The business's time zone (IANA name): its days for insights and the staff's dates. */
  readonly timeZone: string;
  /**
   * Price of one SMS to Australia in USD (what AWS bills): the Insights page's estimate, the
   * capacity bill (docs/capacity.md) and the preflight's expected month all use it.
   */
  readonly smsPriceUsd: number;
  /**
   * The owner's money (context `ownerCurrency`, "AUD 1.53 2025-11-14": the currency, what one USD
   * is worth in it, and the date of that rate); undefined: the product's default (AUD).
   */
  readonly ownerCurrency?: OwnerCurrency;
  /** Folder of the built SPA. */
  readonly siteDirectory: string;
}

/** Context keys, as documented in docs/operations.md, "Context options". */
const CONTEXT_KEYS = [
  'shop',
  'region',
  'domainName',
  'certificateArn',
  'smsSenderId',
  'smsHourlyCap',
  'clientCodesPerHour',
  'alarmEmail',
  'smsMonthlySpendAlarmUsd',
  'waf',
  'timeZone',
  'smsPriceUsd',
  'ownerCurrency',
  'poolDeletionProtection',
  'siteDirectory',
] as const;
/** Context keys of earlier releases, refused with what replaced them (a silent default would mislead). */
const RETIRED_KEYS: Readonly<Record<string, string>> = {
  smsPriceAud:
    'Context smsPriceAud was replaced by smsPriceUsd (one SMS price, in USD as AWS bills it).',
};

/** The owner's currency, what one USD is worth in it, and the date of that rate. */
export interface OwnerCurrency {
  currency: string;
  usdRate: number;
  rateDate: string;
}

/** Parses the `ownerCurrency` option, "AUD 1.53 2025-11-14"; undefined when not set. */
function ownerCurrencyOption(text: string | undefined): OwnerCurrency | undefined {
  if (text === undefined) return undefined;
  const [currency = '', rate = '', rateDate = '', ...rest] = text.trim().split(/\s+/);
  const usdRate = Number(rate);
  let known = /^[A-Z]{3}$/.test(currency);
  try {
    new Intl.NumberFormat('en-AU', { style: 'currency', currency });
  } catch {
    known = false;
  }
  if (
    !known ||
    !Number.isFinite(usdRate) ||
    usdRate <= 0 ||
    !/^\d{4}-\d{2}-\d{2}$/.test(rateDate) ||
    rest.length > 0
  )
    throw new Error(
      'Context ownerCurrency must be a currency code, what one USD is worth in it and the date of that rate, e.g. "AUD 1.53 2025-11-14".',
    );
  return { currency, usdRate, rateDate };
}

/** True for a time zone name the runtime knows (Intl refuses others). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

type ContextReader = (key: (typeof CONTEXT_KEYS)[number] | keyof typeof RETIRED_KEYS) => unknown;

const optionalString = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** A true/false context value (command-line values are strings). */
function booleanOption(get: ContextReader, key: (typeof CONTEXT_KEYS)[number]): boolean {
  const text = optionalString(get(key)) ?? 'false';
  if (text !== 'true' && text !== 'false') throw new Error(`Context ${key} must be true or false.`);
  return text === 'true';
}

/**
 * Parses the context; throws with the key's name on a bad value. `env` is where the region may
 * come from when the context has none (process.env in the CLI).
 */
export function readDeployConfig(
  get: ContextReader,
  env: Readonly<Record<string, string | undefined>>,
): DeployConfig {
  for (const [key, message] of Object.entries(RETIRED_KEYS)) {
    if (optionalString(get(key)) !== undefined) throw new Error(message);
  }
  const contextRegion = optionalString(get('region'));
  const envRegion = optionalString(env[REGION_ENV]);
  const region = contextRegion ?? envRegion;
  if (region === undefined) {
    throw new Error(
      `No region: pass -c region=<region> (for example -c region=ap-southeast-2, Sydney) or set ${REGION_ENV}. ` +
        'The deploy never guesses one: the AWS CLI would fall back to us-east-1.',
    );
  }
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) {
    throw new Error(`Region "${region}" is not an AWS region name such as ap-southeast-2.`);
  }
  const shop = optionalString(get('shop'));
  if (shop !== undefined && !SHOP_PATTERN.test(shop)) {
    throw new Error(
      'Context shop must be 1-24 lowercase letters, digits or inner hyphens (e.g. joes-pizza).',
    );
  }
  const domainName = optionalString(get('domainName'));
  const certificateArn = optionalString(get('certificateArn'));
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(
      'Context domainName and certificateArn go together (the certificate must be in us-east-1).',
    );
  }
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new Error(
      'Context certificateArn must be an ACM certificate in us-east-1 (a CloudFront requirement).',
    );
  }
  const smsSenderId = optionalString(get('smsSenderId'));
  if (smsSenderId && !SENDER_ID_PATTERN.test(smsSenderId)) {
    throw new Error(
      'Context smsSenderId must be 3-11 letters or digits, with at least one letter (the Australian sender ID rule).',
    );
  }
  const capText = optionalString(get('smsHourlyCap'));
  const smsHourlyCap = capText === undefined ? undefined : Number(capText);
  if (smsHourlyCap !== undefined && (!Number.isInteger(smsHourlyCap) || smsHourlyCap < 1)) {
    throw new Error('Context smsHourlyCap must be a whole number of at least 1.');
  }
  const clientText = optionalString(get('clientCodesPerHour'));
  const clientCodesPerHour = clientText === undefined ? undefined : Number(clientText);
  if (
    clientCodesPerHour !== undefined &&
    (!Number.isInteger(clientCodesPerHour) || clientCodesPerHour < 1)
  ) {
    throw new Error('Context clientCodesPerHour must be a whole number of at least 1.');
  }
  const alarmEmail = optionalString(get('alarmEmail'));
  if (alarmEmail !== undefined && !EMAIL_PATTERN.test(alarmEmail)) {
    throw new Error('Context alarmEmail must be an e-mail address.');
  }
  const spendText = optionalString(get('smsMonthlySpendAlarmUsd'));
  const smsMonthlySpendAlarmUsd =
    spendText === undefined ? SMS_MONTHLY_SPEND_ALARM_USD_DEFAULT : Number(spendText);
  if (!Number.isFinite(smsMonthlySpendAlarmUsd) || smsMonthlySpendAlarmUsd <= 0) {
    throw new Error('Context smsMonthlySpendAlarmUsd must be an amount in USD above 0.');
  }
  const timeZone = optionalString(get('timeZone')) ?? BUSINESS_TIME_ZONE_DEFAULT;
  if (!isTimeZone(timeZone))
    throw new Error('Context timeZone must be an IANA time zone such as Australia/Perth.');
  const priceText = optionalString(get('smsPriceUsd'));
  const smsPriceUsd = priceText === undefined ? SMS_PRICE_USD_DEFAULT : Number(priceText);
  if (!Number.isFinite(smsPriceUsd) || smsPriceUsd < 0) {
    throw new Error('Context smsPriceUsd must be a price in USD of 0 or more.');
  }
  const ownerCurrency = ownerCurrencyOption(optionalString(get('ownerCurrency')));
  return {
    shop,
    region,
    regionSource: contextRegion === undefined ? 'environment' : 'context',
    poolDeletionProtection: booleanOption(get, 'poolDeletionProtection'),
    domainName,
    certificateArn,
    smsSenderId,
    smsHourlyCap,
    clientCodesPerHour,
    alarmEmail,
    smsMonthlySpendAlarmUsd,
    waf: booleanOption(get, 'waf'),
    timeZone,
    smsPriceUsd,
    ...(ownerCurrency ? { ownerCurrency } : {}),
    siteDirectory: resolve(REPO_ROOT, optionalString(get('siteDirectory')) ?? 'web/dist'),
  };
}
