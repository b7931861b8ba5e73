/**
 * The fleet's figures, counted from synthesized templates (a shop's stack and the account base):
 * what each added shop takes of the account's default quotas, how many shops fit before the first
 * one, what an idle added shop costs a month, and what the account base costs once. test/infra/fleet-figures.test.ts checks that
 * docs/capacity.md and docs/operations.md state them; `npx tsx test/infra/fleet-figures.ts` prints
 * the blocks to paste there.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { testApp, testBase } from './support';

type Resources = Record<string, { Type: string; Properties?: Record<string, any> }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Default quotas (Service Quotas; all adjustable) that a shop's resources count against. */
const QUOTAS = [
  { name: 'IAM roles', scope: 'account', quota: 1000, types: ['AWS::IAM::Role'] },
  {
    name: 'WAF web ACLs',
    scope: 'account and region (CloudFront scope: us-east-1)',
    quota: 100,
    types: ['AWS::WAFv2::WebACL'],
  },
  {
    name: 'CloudFront origin access controls',
    scope: 'account',
    quota: 100,
    types: ['AWS::CloudFront::OriginAccessControl'],
  },
  {
    name: 'CloudFront Functions',
    scope: 'account',
    quota: 100,
    types: ['AWS::CloudFront::Function'],
  },
  {
    name: 'CloudFront response headers policies',
    scope: 'account',
    quota: 20,
    types: ['AWS::CloudFront::ResponseHeadersPolicy'],
  },
  {
    name: 'CloudFront distributions',
    scope: 'account',
    quota: 500,
    types: ['AWS::CloudFront::Distribution'],
  },
  {
    name: 'S3 general purpose buckets',
    scope: 'account',
    quota: 10000,
    types: ['AWS::S3::Bucket'],
  },
  {
    name: 'Cognito user pools',
    scope: 'account and region',
    quota: 1000,
    types: ['AWS::Cognito::UserPool'],
  },
  {
    name: 'DynamoDB tables',
    scope: 'account and region',
    quota: 2500,
    types: ['AWS::DynamoDB::Table'],
  },
] as const;

/**
 * Quotas on each CloudFront entity the account base shares (CloudFront's quotas page and AWS's
 * general reference; all adjustable): one entity may serve at most `quota` distributions, every
 * shop's together, so a shop uses one of it for each of its distributions that refers to it.
 */
const SHARED_EDGE_QUOTAS = [
  {
    name: 'Distributions per origin access control',
    quota: 100,
    refersTo: (d: string) => d.includes('OriginAccessControlId'),
  },
  {
    name: 'Distributions per response headers policy',
    quota: 100,
    refersTo: (d: string) => d.includes('SecurityHeadersPolicyId'),
  },
  {
    name: 'Distributions per CloudFront Function',
    quota: 100,
    refersTo: (d: string) => d.includes('FunctionArn'),
  },
  {
    name: 'Distributions per web ACL',
    quota: 100,
    refersTo: (d: string) => d.includes('WebACLId'),
  },
] as const;

/** "a", "a and b", "a, b and c". */
const listed = (names: readonly string[]): string =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/** List prices of what bills with no visitor (docs/operations.md's table). */
const USD = { secret: 0.4, alarmMetric: 0.1, webAcl: 5, wafRule: 1 } as const;

export interface FleetFigures {
  readonly shopResources: number;
  readonly shopAlarms: number;
  readonly shopAlarmMetrics: number;
  readonly baseAlarms: number;
  readonly baseAlarmMetrics: number;
  readonly rows: readonly {
    name: string;
    scope: string;
    quota: number;
    /** What the account base (both its stacks) takes of it once, for every shop. */
    base: number;
    perShop: number;
    shops: number;
  }[];
  /** The quotas reached first (at the same count). */
  readonly firstCeiling: { name: string; shops: number };
  /** The quotas reached next (at the same count), once the first is raised. */
  readonly nextCeiling: { names: string; shops: number };
  /** What bills with no visitor for each added shop, and once for the account base. */
  readonly idle: IdleCost;
  readonly baseIdle: IdleCost;
}

interface IdleCost {
  secrets: number;
  alarmMetrics: number;
  webAcls: number;
  wafRules: number;
  usd: number;
}

const ofType = (resources: Resources, type: string) =>
  Object.values(resources).filter((r) => r.Type === type);
/** Metrics an alarm watches (CloudWatch bills each). */
const alarmMetrics = (resources: Resources) =>
  ofType(resources, 'AWS::CloudWatch::Alarm').reduce((sum, a) => {
    const metrics = a.Properties?.Metrics as { MetricStat?: unknown }[] | undefined;
    return sum + (metrics ? metrics.filter((m) => m.MetricStat).length : 1);
  }, 0);

/** What the resources of some templates bill a month with no visitor (list prices, USD). */
function idleCost(...templates: Resources[]): IdleCost {
  const all = (type: string) => templates.flatMap((t) => ofType(t, type));
  const webAcls = all('AWS::WAFv2::WebACL');
  const cost: IdleCost = {
    secrets: all('AWS::SecretsManager::Secret').length,
    alarmMetrics: templates.reduce((n, t) => n + alarmMetrics(t), 0),
    webAcls: webAcls.length,
    wafRules: webAcls.reduce(
      (n, acl) => n + ((acl.Properties?.Rules as unknown[]) ?? []).length,
      0,
    ),
    usd: 0,
  };
  cost.usd =
    Math.round(
      (cost.secrets * USD.secret +
        cost.alarmMetrics * USD.alarmMetric +
        cost.webAcls * USD.webAcl +
        cost.wafRules * USD.wafRule) *
        100,
    ) / 100;
  return cost;
}

export function fleetFigures(): FleetFigures {
  const shop = testApp({ context: { shop: 'joes-pizza' } });
  const main = (Template.fromStack(shop.stack).toJSON() as { Resources: Resources }).Resources;
  const built = testBase();
  const base = (Template.fromStack(built.base).toJSON() as { Resources: Resources }).Resources;
  const baseEdge = (Template.fromStack(built.edge).toJSON() as { Resources: Resources }).Resources;
  const count = (resources: Resources, types: readonly string[]) =>
    types.reduce((n, t) => n + ofType(resources, t).length, 0);
  const rows: FleetFigures['rows'][number][] = QUOTAS.map((q) => {
    const perShop = count(main, q.types);
    // An account-wide quota counts both parts of the base (us-east-1's too); a regional one the
    // base of the shops' region only (its us-east-1 part is another region's).
    const baseUses = count(base, q.types) + (q.scope === 'account' ? count(baseEdge, q.types) : 0);
    return {
      name: q.name,
      scope: q.scope,
      quota: q.quota,
      base: baseUses,
      perShop,
      shops: perShop === 0 ? Infinity : Math.floor((q.quota - baseUses) / perShop),
    };
  });
  // The shop's distributions, each counted once for every shared entity it refers to.
  const distributions = ofType(main, 'AWS::CloudFront::Distribution').map((d) =>
    JSON.stringify(d.Properties),
  );
  for (const q of SHARED_EDGE_QUOTAS) {
    const perShop = distributions.filter(q.refersTo).length;
    rows.push({
      name: q.name,
      scope: "each of the account base's",
      quota: q.quota,
      base: 0,
      perShop,
      shops: perShop === 0 ? Infinity : Math.floor(q.quota / perShop),
    });
  }
  const firstShops = Math.min(...rows.map((r) => r.shops));
  const next = Math.min(...rows.filter((r) => r.shops > firstShops).map((r) => r.shops));
  const namesAt = (shops: number) =>
    listed(rows.filter((r) => r.shops === shops).map((r) => r.name));
  return {
    shopResources: Object.keys(main).length,
    shopAlarms: ofType(main, 'AWS::CloudWatch::Alarm').length,
    shopAlarmMetrics: alarmMetrics(main),
    baseAlarms: ofType(base, 'AWS::CloudWatch::Alarm').length,
    baseAlarmMetrics: alarmMetrics(base),
    rows,
    firstCeiling: { name: namesAt(firstShops), shops: firstShops },
    nextCeiling: { names: namesAt(next), shops: next },
    idle: idleCost(main),
    baseIdle: idleCost(base, baseEdge),
  };
}

/** The quota table docs/capacity.md holds ("Shops per account"). */
function quotaTable(f: FleetFigures): string {
  return [
    '| quota (default)                       | scope               | one shop uses | shops before it is reached |',
    '| ------------------------------------- | ------------------- | ------------- | -------------------------- |',
    ...f.rows.map(
      (r) =>
        `| ${r.name} (${r.quota.toLocaleString('en-US')}) | ${r.scope} | ${r.perShop} | ${r.shops === Infinity ? 'none used (the account base holds it)' : r.shops} |`,
    ),
  ].join('\n');
}

/** The parts of an idle cost, in words. */
const costParts = (c: IdleCost): string =>
  [
    `${c.secrets} secrets (USD ${(c.secrets * USD.secret).toFixed(2)})`,
    `${c.alarmMetrics} alarm metrics (USD ${(c.alarmMetrics * USD.alarmMetric).toFixed(2)})`,
    `${c.webAcls} web ACLs with ${c.wafRules} rules (USD ${(c.webAcls * USD.webAcl + c.wafRules * USD.wafRule).toFixed(2)})`,
  ].join(', ');

/** The shops-per-account sentence docs/operations.md holds. */
export function shopsLine(f: FleetFigures): string {
  return `${f.firstCeiling.shops} shops fit in one account and region before the first default quotas, ${f.firstCeiling.name}; then ${f.nextCeiling.names}, at ${f.nextCeiling.shops} shops`;
}

/** The idle cost sentence docs/operations.md and docs/capacity.md hold. */
export function idleLine(f: FleetFigures): string {
  return `each added idle shop costs about USD ${f.idle.usd.toFixed(2)} a month: ${costParts(f.idle)}; the account base costs USD ${f.baseIdle.usd.toFixed(2)} a month once: ${costParts(f.baseIdle)}`;
}

if (process.argv[1]?.endsWith('fleet-figures.ts')) {
  const f = fleetFigures();
  console.log(JSON.stringify({ ...f, rows: undefined }, null, 1));
  console.log(quotaTable(f));
  console.log(shopsLine(f));
  console.log(idleLine(f));
}
