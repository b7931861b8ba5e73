/**
 * The capacity bench's writer: docs/capacity.md (the crowd, the AWS calls per visitor, the quota and
 * cost tables between the markers, shops per account) and docs/capacity.json (the figures the
 * deploy preflight checks the account against), from one crowd run and the model.
 */
import { REDEEMED_POLL_MS } from '@shared/constants';
import { routeOf } from '@shared/routes';
import { ROUTE_THROTTLES } from '../infra/constructs/api';
import { FUNCTION_MEMORY_MB } from '../infra/function-defaults';
import { CAPACITY_MARKERS } from './capacity-markers';
import { REDEEM_EVERY, RELOAD_EVERY, WRONG_CODE_EVERY, type CapacityRun } from './capacity-crowd';
import {
  byChangeWrites,
  byCreatedWrites,
  PEAK_OVER_AVERAGE,
  peakRps,
  per,
  PRICE,
  PRICES,
  PRICES_AS_OF,
  QUOTAS,
  VISITORS_PER_HOUR,
  wcu,
} from './capacity-model';

const fixed = (n: number, d = 2) => n.toFixed(d);
/** A headroom ratio: two significant digits below 0.1, where two decimals would round it away. */
const times = (ratio: number) => `${ratio < 0.1 ? Number(ratio.toPrecision(2)) : fixed(ratio)}x`;
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`;
const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Minutes a winner keeps the popup open at the counter, for the polling's cost. */
const POPUP_MINUTES = 5;

/**
 * The winner's phone asking whether staff redeemed the prize (web/src/features/visitor/hooks/
 * use-redeemed-watch.ts): not in the crowd, whose visitors close the popup at once; priced here
 * per open popup from the same prices and the run's mean invocation time.
 */
function winnerPhone(run: CapacityRun): string[] {
  const perMinute = 60_000 / REDEEMED_POLL_MS;
  const calls = perMinute * POPUP_MINUTES;
  const usdPerCall =
    PRICE.httpApiPerMillion / 1e6 +
    PRICE.cloudFrontPer10kHttps / 1e4 +
    PRICE.lambdaPerMillionRequests / 1e6 +
    (run.msPerInvocation / 1000) * (FUNCTION_MEMORY_MB / 1024) * PRICE.lambdaArmPerGbSecond +
    // The visitor record and the customer: two strongly consistent reads of items under 4 KB.
    (2 * PRICE.dynamoPerMillionRru) / 1e6;
  const rate = ROUTE_THROTTLES[routeOf('get-my-spin').auth].rate;
  return [
    "## The winner's phone at the counter",
    '',
    `While the win popup of a prize still to redeem is open and the page visible, the page asks \`GET /api/spins/mine\` every ${REDEEMED_POLL_MS / 1000} s, so it shows "Redeemed on ..." within 3 s of staff redeeming it; a hidden page asks nothing, and the asking stops once the prize is redeemed or expired, or the popup closes. Each call is one CloudFront and API request, one Lambda invocation and two DynamoDB reads (the visitor record and the customer, priced as strongly consistent).`,
    '',
    `- Per winner: ${perMinute} calls a minute with the popup open; a winner who shows it for ${POPUP_MINUTES} minutes at the counter makes ${calls}, about ${usd(calls * usdPerCall * 1000)} per 1,000 such winners (${PRICES_AS_OF} prices above, ${fixed(run.msPerInvocation, 1)} ms an invocation).`,
    `- Quotas: each open popup is ${fixed(perMinute / 60)} requests/s on the route's throttle (${rate}/s), so ${Math.floor(rate / (perMinute / 60)).toLocaleString('en-AU')} popups open at the same moment fill it, and ${fixed(((perMinute / 60) * run.msPerInvocation) / 1000, 3)} of a Lambda execution each (${Math.round((1000 * (perMinute / 60) * run.msPerInvocation) / 1000)} concurrent per 1,000 open popups). A busy counter serves a few winners at a time, not hundreds.`,
    '',
  ];
}

/**
 * What many shops in one account share (no run measures it: AWS's default quotas, read from each
 * service's quotas page, against what one shop's stack creates, counted from its template).
 */
const SHOPS_PER_ACCOUNT = [
  '## Shops per account',
  '',
  "Each shop is a deployment of its own (`-c shop=<name>`), and many can share one account. What one shop's stacks create, against the account's default quotas (all adjustable in Service Quotas unless said), and what every shop shares:",
  '',
  '| quota (default) | scope | one shop uses | shops before it is reached |',
  '| --- | --- | --- | --- |',
  "| IAM roles (1,000) | account | 38 (one per function, and the CDK providers' roles) | **26: the first ceiling** |",
  '| CloudFront origin access controls (100) | account | 2 | 50 |',
  '| WAF web ACLs, regional (100) | account and region | 2 (one per user pool) | 50 |',
  "| CloudFront Functions (100) | account | 0 (the account base's 3 serve every shop) | none used by a shop |",
  "| CloudFront response headers policies (20) | account | 0 (the account base's 1 serves every shop) | none used by a shop |",
  '| WAF web ACLs, CloudFront scope (100) | account (us-east-1) | 1 | 100 |',
  '| CloudFront distributions (500) | account | 1 | 500 |',
  '| Cognito user pools (1,000) | account and region | 2 | 500 |',
  '| CloudWatch Logs resource policy (5,120 characters) | account and region | 0 (API access logs go to `/aws/vendedlogs/`, which need no entry) | no limit |',
  '| Cognito request rates: sign-ins (UserAuthentication 120/s), AdminCreateUser (50/s), AdminGetUser (120/s) | account and region, all pools | a viral hour needs more than the defaults (the table above) | shared: one viral shop takes them all |',
  "| Lambda concurrency (1,000) | account and region | about 92 at a viral hour's peak | about 10 viral at once |",
  '| API Gateway requests (10,000/s) | account and region | 3,800/s at most (its route throttles) | 2 at their limits at once |',
  "| SMS spend limits and messages per second | account and region | the shop's codes | shared |",
  '',
  "**First ceiling:** IAM roles, at 26 shops (raise it in Service Quotas > IAM before the 24th); the regional web ACLs and the origin access controls follow at 50. The account base (`SpinWinBase`) already holds the response headers policy and the CloudFront Functions once for every shop; reaching 100 shops per account before any default quota still needs the functions' roles shared and the web ACLs moved into the base (counted by test/infra/fleet-figures.test.ts).",
  '',
  '**When to give a shop its own account:** when its promotion may go viral (a viral hour alone needs the Cognito, SMS and Lambda quotas raised, and shares them with every other shop in the account and region); when it needs its own bill or its own access; or past a few dozen shops, where the CloudFront and IAM quotas need raising anyway. Several quiet shops in one account and region are fine.',
  '',
];

/** The quota and cost tables and the first ceiling (docs/capacity.md, between the markers). */
function summary(run: CapacityRun): string[] {
  const rows = QUOTAS.map((q) => {
    const calls = q.calls(run);
    const need = (q.need ?? ((_run, c) => peakRps(c)))(run, calls);
    return { q, calls, need, ratio: need === 0 ? Infinity : q.limit / need };
  });
  const quotaRows = rows.map(
    ({ q, calls, need, ratio }) =>
      `| ${q.name} | ${q.limit.toLocaleString('en-AU')} ${q.unit} | ${fixed(calls)} | ${fixed(need, need < 10 ? 1 : 0)} | ${ratio === Infinity ? 'no use' : times(ratio)} | ${q.seen} | ${q.raise} | ${q.source} |`,
  );
  const byRatio = [...rows].sort((a, b) => a.ratio - b.ratio);
  const firstAws = byRatio.find((r) => !r.q.ours)!;
  const firstOurs = byRatio.find((r) => r.q.ours)!;
  const costs = PRICES.map((p) => ({ p, usd: p.usd(run) }));
  const total = costs
    .filter(({ p }) => !p.service.startsWith('WAF'))
    .reduce((sum, c) => sum + c.usd, 0);
  return [
    `Quotas at a viral hour's peak second (${fixed(peakRps(1), 0)} visitors starting per second; limits are the defaults):`,
    '',
    '| quota | default | per visitor (calls, or write units) | needed at peak | headroom | a visitor then sees | how to raise | source |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...quotaRows,
    '',
    `**First ceiling (AWS):** ${firstAws.q.name}, headroom ${times(firstAws.ratio)}. A visitor then sees ${firstAws.q.seen}. To raise it: ${firstAws.q.raise}.`,
    '',
    `**Our own cost guard:** ${firstOurs.q.name}, headroom ${times(firstOurs.ratio)}: a visitor then sees ${firstOurs.q.seen}. To raise it: ${firstOurs.q.raise}.`,
    '',
    `The viral hour's bill (${VISITORS_PER_HOUR.toLocaleString('en-AU')} visitors; USD, ap-southeast-2, list prices as of ${PRICES_AS_OF}, no free tier except Cognito's; check the pages before quoting):`,
    '',
    '| service | what is paid for | the hour | price page |',
    '| --- | --- | --- | --- |',
    ...costs.map(({ p, usd: cost }) => `| ${p.service} | ${p.what} | ${usd(cost)} | ${p.source} |`),
    `| **total** (without WAF's requests) | | **${usd(total)}** | |`,
    '',
    `The least certain prices are the SMS one (set per destination country and sender type, and changed often; it is ${fixed((100 * costs[0]!.usd) / total, 0)}% of the bill) and the Sydney rates of API Gateway and DynamoDB; none of them changes the order of the bill. Not priced: CloudWatch Logs, S3 (the origin behind CloudFront's cache), Secrets Manager.`,
    '',
  ];
}

/** docs/capacity.md, before formatting. */
export function capacityMarkdown(run: CapacityRun): string {
  const ops = [...new Set([...run.perVisitor.keys(), ...run.perRedeem.keys()])].sort();
  const opRows = ops.map(
    (op) =>
      `| ${op} | ${fixed(run.perVisitor.get(op) ?? 0)} | ${fixed(run.perRedeem.get(op) ?? 0)} |`,
  );
  return [
    '# Capacity: a viral hour',
    '',
    'Generated by `npm run bench:capacity` (bench/capacity.ts) from one run of a simulated crowd on',
    'the local stack; do not edit by hand. These figures live here only (the README links here);',
    '`test/lint/capacity-figures.test.ts` keeps it so.',
    '',
    `- Crowd: ${run.visitors} visitors, half verify-first and half spin-first, every ${ordinal(WRONG_CODE_EVERY)} typing a wrong code once, every ${ordinal(RELOAD_EVERY)} reloading after winning; every ${ordinal(REDEEM_EVERY)} winner redeemed at the counter (a search and a redeem).`,
    `- A viral hour: ${VISITORS_PER_HOUR.toLocaleString('en-AU')} visitors, the peak second ${PEAK_OVER_AVERAGE} times the average (${fixed(peakRps(1), 0)} visitors starting per second at the peak).`,
    `- HTTP per visitor: ${fixed(run.requestsPerVisitor.static)} static, ${fixed(run.requestsPerVisitor.api)} API, ${fixed(run.requestsPerVisitor.cognito)} Cognito (the browser's own sign-in calls); ${fixed(run.bytesPerVisitor / 1024, 0)} KB served by the site (uncompressed).`,
    `- Lambda: ${fixed(per(run, 'lambda Invoke'))} invocations per visitor (API handlers and sign-in triggers), ${fixed(run.msPerInvocation, 1)} ms each on average, measured in the run on the local stack (DynamoDB Local and the Cognito stand-in over loopback; on AWS each call is a regional round trip, so treat the concurrency figure as an order of magnitude).`,
    `- Customers: the largest item stored was ${run.customerItemBytes} bytes (DynamoDB's item size), so ${wcu(run.customerItemBytes)} write unit per item write; per visitor the byCreatedAt index takes ${fixed(byCreatedWrites(run))} writes and byChange ${fixed(byChangeWrites(run))} (a redeem moves its sort key: a delete and a put).`,
    '- "lambda Invoke" and "TransactWriteItems (items)" below are counted by the local stack for the bill; the others are the calls our code makes.',
    '',
    '## AWS calls per visitor, by operation',
    '',
    '| operation | per visitor | per redeem at the counter |',
    '| --- | --- | --- |',
    ...opRows,
    '',
    '## Quotas and cost',
    '',
    CAPACITY_MARKERS.start,
    '',
    ...summary(run),
    CAPACITY_MARKERS.end,
    '',
    ...winnerPhone(run),
    ...SHOPS_PER_ACCOUNT,
  ].join('\n');
}

/** docs/capacity.json: what the deploy preflight checks the account against. */
export function capacityNeeds(run: CapacityRun) {
  const lambda = QUOTAS.find((q) => q.name.startsWith('Lambda concurrent executions'))!;
  return {
    generatedBy: 'npm run bench:capacity (bench/capacity.ts), with docs/capacity.md; do not edit',
    visitorsPerHour: VISITORS_PER_HOUR,
    smsPerVisitor: Number(fixed(per(run, 'sns Publish'))),
    lambdaConcurrencyAtPeak: Number(fixed(lambda.need!(run, lambda.calls(run)), 1)),
  };
}
