/**
 * Deploy options, read from CDK context (`npx cdk deploy -c key=value` or cdk.json "context").
 * Each option is declared once, in DEPLOY_OPTIONS: its default, what it does (the table in
 * docs/operations.md is generated from it: `npm run docs:options`) and how its command-line string
 * is parsed and checked, with a message that says what to fix. DeployConfig is derived from the
 * parsers, and the stack's props from DeployConfig (infra/stack.ts StackOptions), so a new option
 * is one entry here plus its use.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUSINESS_TIME_ZONE_DEFAULT,
  CLIENT_CODES_PER_HOUR_DEFAULT,
  OWNER_CURRENCY_DEFAULT,
  SMS_GLOBAL_DAILY_CAP_DEFAULT,
  PREVIEW_HOURLY_CAP_DEFAULT,
  SMS_GLOBAL_HOURLY_CAP_DEFAULT,
  SMS_PRICE_USD_DEFAULT,
  USD_RATE_DATE_DEFAULT,
  USD_RATE_DEFAULT,
} from '@shared/constants';

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
/** The explicit "no alarm address" (alarmEmail=none): the alarms then notify nobody. */
export const NO_ALARM_EMAIL = 'none';
/** Default SMS spend of the month (USD) that raises the spend alarm: about 970 codes at the default price. */
const SMS_MONTHLY_SPEND_ALARM_USD_DEFAULT = 50;
/**
 * Visitors a month the preflight sizes the SMS spend limit for when none is given: a busy local
 * shop's month (at one code each, USD 515 at the default price).
 */
export const EXPECTED_VISITORS_PER_MONTH_DEFAULT = 10_000;
/**
 * An alphanumeric sender ID for Australia: 3-11 letters/digits with at least one letter (AWS End
 * User Messaging's Australian sender ID registration form; docs/deploy.md cites the page).
 */
const SENDER_ID_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/;
/** Environment variable that names the region when `-c region` is not given (set by the user). */
const REGION_ENV = 'AWS_REGION';
const REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** One deploy option: what docs/operations.md says of it, and its parser. */
interface OptionSpec<T> {
  /** The default, as the options table shows it. */
  readonly default: string;
  /** What it does (markdown, one paragraph). */
  readonly doc: string;
  /** The value from its context string (undefined when not given); throws with what to fix. */
  readonly parse: (text: string | undefined) => T;
  /** Only the preflight reads it (the stacks ignore it). */
  readonly preflightOnly?: boolean;
}
const option = <T>(spec: OptionSpec<T>): OptionSpec<T> => spec;

/** A whole number of at least 1, or undefined when not given. */
const wholeNumber = (key: string) => (text: string | undefined) => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`Context ${key} must be a whole number of at least 1.`);
  return n;
};
/** true/false (command-line values are strings). */
const flag = (key: string, fallback: boolean) => (text: string | undefined) => {
  if (text === undefined) return fallback;
  if (text !== 'true' && text !== 'false') throw new Error(`Context ${key} must be true or false.`);
  return text === 'true';
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

/**
 * Every deploy option, in the order docs/operations.md lists them. `region` is parsed with the
 * environment as well (readDeployConfig), so that its table entry is the only declaration.
 */
const DEPLOY_OPTIONS = {
  region: option({
    default: 'required (or `AWS_REGION`)',
    doc: 'Region of the main stack. Never guessed: without it the app stops.',
    parse: (text): string => {
      if (text === undefined) {
        throw new Error(
          `No region: pass -c region=<region> (for example -c region=ap-southeast-2, Sydney) or set ${REGION_ENV}. ` +
            'The deploy never guesses one: the AWS CLI would fall back to us-east-1.',
        );
      }
      if (!REGION_PATTERN.test(text)) {
        throw new Error(`Region "${text}" is not an AWS region name such as ap-southeast-2.`);
      }
      return text;
    },
  }),
  shop: option({
    default: 'none (stack `SpinWin`)',
    doc: 'Names the deployment: lowercase letters, digits and inner hyphens, up to 24. Its stack becomes `SpinWin-<shop>`, and every generated name follows it, so one account holds many shops (below).',
    parse: (text) => {
      if (text !== undefined && !SHOP_PATTERN.test(text)) {
        throw new Error(
          'Context shop must be 1-24 lowercase letters, digits or inner hyphens (e.g. joes-pizza).',
        );
      }
      return text;
    },
  }),
  base: option({
    default: '`false`',
    doc: 'Deploys the account base (`SpinWinBase`, and `SpinWinBaseEdge-<region>` in us-east-1) instead of a shop: what every shop in the account and region shares (the CloudFront response headers policy, functions and origin access control, the web ACLs, SMS delivery logging, the account-wide alarms). Once per account and region, before the first shop (`npm run deploy:base`), and again after an upgrade; a shop deploy fails until it exists, and the base cannot be deleted while a shop uses it.',
    parse: flag('base', false),
  }),
  alarmEmail: option({
    default: 'required (or `none`)',
    doc: 'E-mail address the alarms are sent to (below). SNS e-mails a confirmation link first: nothing arrives until it is clicked. The deploy refuses to start without it; `none` deploys the alarms with nobody to tell (subscribe someone in the SNS console later).',
    parse: (text): string | undefined => {
      if (text === undefined) {
        throw new Error(
          `No alarmEmail: pass -c alarmEmail=<address> (who is told when SMS codes stop arriving, spend climbs or the API fails), or -c alarmEmail=${NO_ALARM_EMAIL} to deploy alarms that notify nobody.`,
        );
      }
      if (text === NO_ALARM_EMAIL) return undefined;
      if (!EMAIL_PATTERN.test(text)) {
        throw new Error(`Context alarmEmail must be an e-mail address, or ${NO_ALARM_EMAIL}.`);
      }
      return text;
    },
  }),
  waf: option({
    default: '`true`',
    doc: 'Attaches the account base\'s WAF web ACLs: its CloudFront one to the distribution (2,000 requests per address and shop host per 5 minutes on `/api/*`), its regional ones to the user pools (visitors 1,000, staff 20 calls per address per 5 minutes, counted over every shop\'s pools of that kind in the region); sized for a carrier crowd behind one address (docs/security.md). `false` detaches them (not advised: see "What WAF costs and saves").',
    parse: flag('waf', true),
  }),
  domainName: option({
    default: 'none (the `*.cloudfront.net` name)',
    doc: 'Custom domain of the site, e.g. `spin.example.com.au`. Point a CNAME (or Route 53 alias) at the distribution after the deploy.',
    parse: (text) => text,
  }),
  certificateArn: option({
    default: 'none',
    doc: 'ACM certificate **in us-east-1** covering `domainName`. Required with `domainName`; TLS 1.2 minimum then applies.',
    parse: (text) => {
      if (text !== undefined && !text.startsWith('arn:aws:acm:us-east-1:')) {
        throw new Error(
          'Context certificateArn must be an ACM certificate in us-east-1 (a CloudFront requirement).',
        );
      }
      return text;
    },
  }),
  smsSenderId: option({
    default: 'none (SNS picks a number)',
    doc: "Alphanumeric sender ID shown on the SMS (3-11 letters/digits, AWS's Australian rule). Register it first (docs/deploy.md).",
    parse: (text) => {
      if (text !== undefined && !SENDER_ID_PATTERN.test(text)) {
        throw new Error(
          'Context smsSenderId must be 3-11 letters or digits, with at least one letter (the Australian sender ID rule).',
        );
      }
      return text;
    },
  }),
  smsHourlyCap: option({
    default: String(SMS_GLOBAL_HOURLY_CAP_DEFAULT),
    doc: 'Deployment-wide limit on verification SMS per hour; after it, sending stops with a clear error until the hour passes.',
    parse: wholeNumber('smsHourlyCap'),
  }),
  smsDailyCap: option({
    default: String(SMS_GLOBAL_DAILY_CAP_DEFAULT),
    doc: 'Deployment-wide limit on verification SMS per day (00:00 to 00:00 UTC), spent with `smsHourlyCap`: what an attacker who keeps the hourly cap spent can cost in a day (docs/security.md, "The day and the month"). After it, sending stops with a clear error until midnight UTC; an alarm goes off at 80%.',
    parse: (text): number => wholeNumber('smsDailyCap')(text) ?? SMS_GLOBAL_DAILY_CAP_DEFAULT,
  }),
  clientCodesPerHour: option({
    default: String(CLIENT_CODES_PER_HOUR_DEFAULT),
    doc: 'SMS codes one client address (IPv6: one /56) may ask for an hour. Raise it for a shop whose visitors all share one Wi-Fi or a carrier NAT.',
    parse: wholeNumber('clientCodesPerHour'),
  }),
  previewHourlyCap: option({
    default: String(PREVIEW_HOURLY_CAP_DEFAULT),
    doc: 'Deployment-wide limit on spin-first previews (draws before the number is verified) per hour, from every address together: what prize shopping with many addresses can draw in an hour (docs/security.md, "Spin first"). Twice the SMS hourly cap by default, since a visitor who claims needs one preview and one code; refusals show on Insights as spins refused.',
    parse: (text): number => wholeNumber('previewHourlyCap')(text) ?? PREVIEW_HOURLY_CAP_DEFAULT,
  }),
  smsMonthlySpendAlarmUsd: option({
    default: String(SMS_MONTHLY_SPEND_ALARM_USD_DEFAULT),
    doc: "SMS spend of the month, in USD, that raises the SMS spend alarm (an account base option: the spend is every shop's in the region). Set it below the account's SMS spend limit.",
    parse: (text): number => {
      const n = text === undefined ? SMS_MONTHLY_SPEND_ALARM_USD_DEFAULT : Number(text);
      if (!Number.isFinite(n) || n <= 0) {
        throw new Error('Context smsMonthlySpendAlarmUsd must be an amount in USD above 0.');
      }
      return n;
    },
  }),
  timeZone: option({
    default: `\`${BUSINESS_TIME_ZONE_DEFAULT}\``,
    doc: "The shop's time zone (an IANA name such as `Australia/Perth`): the days the Insights page counts by, and the dates staff read on the dashboard.",
    parse: (text): string => {
      const zone = text ?? BUSINESS_TIME_ZONE_DEFAULT;
      if (!isTimeZone(zone)) {
        throw new Error('Context timeZone must be an IANA time zone such as Australia/Perth.');
      }
      return zone;
    },
  }),
  smsPriceUsd: option({
    default: String(SMS_PRICE_USD_DEFAULT),
    doc: 'Price of one SMS to Australia in USD: the Insights page\'s "Estimated SMS cost", the capacity bill and the preflight\'s expected month (replaces `smsPriceAud`).',
    parse: (text): number => {
      const n = text === undefined ? SMS_PRICE_USD_DEFAULT : Number(text);
      if (!Number.isFinite(n) || n < 0) {
        throw new Error('Context smsPriceUsd must be a price in USD of 0 or more.');
      }
      return n;
    },
  }),
  ownerCurrency: option({
    default: `${OWNER_CURRENCY_DEFAULT} ${USD_RATE_DEFAULT} ${USD_RATE_DATE_DEFAULT}`,
    doc: "The owner's currency on the Insights page, what one USD is worth in it and the date of that rate, e.g. `AUD 1.53 2025-11-14` (SMS is billed in USD).",
    parse: ownerCurrencyOption,
  }),
  deletionProtection: option({
    default: '`false`',
    doc: '`true` turns on deletion protection for every DynamoDB table and both user pools: nothing, not even `cdk destroy` or a change that would replace them, can delete them. Turn it on after go-live (off, a failed first deploy can roll back). docs/deploy.md says what `cdk destroy` keeps and how to deploy a shop again onto it.',
    parse: flag('deletionProtection', false),
  }),
  expectedVisitors: option({
    default: EXPECTED_VISITORS_PER_MONTH_DEFAULT.toLocaleString('en-US'),
    doc: "Preflight only: visitors a month the promotion expects. The preflight checks the account's SMS spend limits against their codes (one each) at `smsPriceUsd`.",
    parse: (text): number => {
      const n = text === undefined ? EXPECTED_VISITORS_PER_MONTH_DEFAULT : Number(text);
      if (!Number.isInteger(n) || n < 1) {
        throw new Error('Context expectedVisitors must be a whole number of visitors a month.');
      }
      return n;
    },
    preflightOnly: true,
  }),
  siteDirectory: option({
    default: '`web/dist`',
    doc: 'Folder of the built SPA. The default is built by the app when it is missing or older than its sources.',
    parse: (text): string => resolve(REPO_ROOT, text ?? 'web/dist'),
  }),
} as const;

export type OptionKey = keyof typeof DEPLOY_OPTIONS;

/** Every option's parsed value: the deploy's whole configuration. */
export type DeployConfig = {
  readonly [K in OptionKey]: ReturnType<(typeof DEPLOY_OPTIONS)[K]['parse']>;
} & {
  /** Where the region came from, for the line printed before a deploy. */
  readonly regionSource: 'context' | 'environment';
};

/** Context keys of earlier releases, refused with what replaced them (a silent default would mislead). */
const RETIRED_KEYS: Readonly<Record<string, string>> = {
  smsPriceAud:
    'Context smsPriceAud was replaced by smsPriceUsd (one SMS price, in USD as AWS bills it).',
  poolDeletionProtection:
    'Context poolDeletionProtection was replaced by deletionProtection (the tables and the user pools together).',
};

type ContextReader = (key: string) => unknown;

const optionalString = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

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
  const text = (key: OptionKey) =>
    key === 'region'
      ? (contextRegion ?? optionalString(env[REGION_ENV]))
      : optionalString(get(key));
  const parsed = Object.fromEntries(
    (Object.keys(DEPLOY_OPTIONS) as OptionKey[]).map((key) => [
      key,
      DEPLOY_OPTIONS[key].parse(text(key)),
    ]),
  ) as Omit<DeployConfig, 'regionSource'>;
  if (Boolean(parsed.domainName) !== Boolean(parsed.certificateArn)) {
    throw new Error(
      'Context domainName and certificateArn go together (the certificate must be in us-east-1).',
    );
  }
  return { ...parsed, regionSource: contextRegion === undefined ? 'environment' : 'context' };
}

/** Markers of the generated options table in docs/operations.md. */
const OPTIONS_MARKERS = {
  start:
    '<!-- options:start (generated from infra/deploy-config.ts by npm run docs:options; do not edit) -->',
  end: '<!-- options:end -->',
} as const;

/** The options table of docs/operations.md, from DEPLOY_OPTIONS. */
function optionsTable(): string {
  const rows = (Object.entries(DEPLOY_OPTIONS) as [OptionKey, OptionSpec<unknown>][]).map(
    ([key, spec]) => `| \`${key}\` | ${spec.default} | ${spec.doc.replace(/\|/g, '\\|')} |`,
  );
  return ['| Key | Default | What it does |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `markdown` with the options table between its markers replaced by optionsTable(). */
export function withOptionsTable(markdown: string): string {
  const start = markdown.indexOf(OPTIONS_MARKERS.start);
  const end = markdown.indexOf(OPTIONS_MARKERS.end);
  if (start < 0 || end < start) throw new Error('docs/operations.md has no options markers');
  return `${markdown.slice(0, start + OPTIONS_MARKERS.start.length)}\n\n${optionsTable()}\n\n${markdown.slice(end)}`;
}
