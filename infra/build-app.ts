/**
 * Builds the CDK app from its context: a shop's stack, or with base=true the account base alone
 * (infra/base-stack.ts: SpinWinBase and its us-east-1 part), and the cdk-nag AwsSolutions checks on
 * everything. infra/app.ts (the CLI entry), the fleet command and
 * the CDK tests all call this, so the tests check exactly what the agency deploys.
 */
import { join } from 'node:path';
import { type App, Token, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeployConfig, REPO_ROOT, type DeployConfig } from './deploy-config';
import { SpinWinBaseEdgeStack, SpinWinBaseStack } from './base-stack';
import { SpinWinStack, type SpinWinStackProps } from './stack';
import { BASE_STACK_NAME, baseEdgeStackName, deploymentStackNames } from './stack-names';

/** CloudFront only accepts WAF web ACLs and certificates from this region. */
const CLOUDFRONT_REGION = 'us-east-1';

export interface BuiltApp {
  readonly config: DeployConfig;
  readonly stack: SpinWinStack;
}

export interface BuiltBase {
  readonly config: DeployConfig;
  readonly base: SpinWinBaseStack;
  /** The base's us-east-1 part (the CloudFront web ACL). */
  readonly edge: SpinWinBaseEdgeStack;
}

export interface BuildAppOptions {
  /**
   * Override of the handler entry files (tests only).
   * @default lambdas/handlers/<id>.ts
   */
  readonly handlerEntry?: SpinWinStackProps['handlerEntry'];
  /**
   * The account to bind the stacks to (tests); the CLI's CDK_DEFAULT_ACCOUNT otherwise.
   * @default process.env.CDK_DEFAULT_ACCOUNT
   */
  readonly account?: string;
}

/** The app's stacks as its context asks: the account base (base=true), or one shop's. */
export function buildAnyApp(app: App, options_: BuildAppOptions = {}): BuiltApp | BuiltBase {
  const config = readDeployConfig((key) => app.node.tryGetContext(key), process.env);
  return config.base ? buildBase(app, config, options_) : buildApp(app, options_);
}

/** The account base of the context's region (one per account and region: no shop in its name). */
function buildBase(app: App, config: DeployConfig, options_: BuildAppOptions = {}): BuiltBase {
  const account = (options_.account ?? process.env.CDK_DEFAULT_ACCOUNT) || undefined;
  const edge = new SpinWinBaseEdgeStack(app, 'SpinWinBaseEdge', {
    env: { account, region: CLOUDFRONT_REGION },
    description: `Spin & Win account base, us-east-1 part: the CloudFront web ACL every shop of ${config.region} shares`,
    // One in us-east-1 for each region's base: the name carries the region it serves.
    stackName: baseEdgeStackName(config.region),
    terminationProtection: true,
  });
  const base = new SpinWinBaseStack(app, BASE_STACK_NAME, {
    env: { account, region: config.region },
    description:
      'Spin & Win account base: what every shop in this account and region shares (CloudFront headers policy, functions and origin access control, web ACLs, SMS delivery logging, account-wide alarms)',
    alarmEmail: config.alarmEmail,
    smsMonthlySpendAlarmUsd: config.smsMonthlySpendAlarmUsd,
    wafAssociationEntry: join(REPO_ROOT, 'lambdas', 'custom-resources', 'waf-association.ts'),
    // Deleting it while a shop imports its exports fails anyway; this says so before CloudFormation.
    terminationProtection: true,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, base, edge };
}

export function buildApp(app: App, options_: BuildAppOptions = {}): BuiltApp {
  const config = readDeployConfig((key) => app.node.tryGetContext(key), process.env);
  const account = (options_.account ?? process.env.CDK_DEFAULT_ACCOUNT) || undefined;
  // Never CDK_DEFAULT_REGION: the CLI sets it to us-east-1 when nothing is configured.
  const region = config.region;

  const forShop = config.shop === undefined ? '' : ` (${config.shop})`;
  const {
    shop,
    region: _region,
    regionSource: _source,
    expectedVisitors: _visitors,
    base: _base,
    smsMonthlySpendAlarmUsd: _spend,
    ...options
  } = config;
  const stack = new SpinWinStack(app, deploymentStackNames(shop).main, {
    ...options,
    env: { account, region },
    description: `Spin & Win${forShop}: spin-the-wheel prize promotion (site, API, user pools, data)`,
    handlerEntry: options_.handlerEntry,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, stack };
}

/**
 * The line printed before anything is synthesized or deployed: which stacks, which region (and
 * where it came from) and which account, so a wrong region is seen before CloudFormation starts.
 */
export function targetLine(built: BuiltApp | BuiltBase): string {
  const { config } = built;
  const stack = 'base' in built ? built.base : built.stack;
  const edge = 'base' in built ? built.edge : undefined;
  const from = config.regionSource === 'context' ? '-c region' : 'AWS_REGION';
  const account = Token.isUnresolved(stack.account)
    ? "the credentials' account"
    : `account ${stack.account}`;
  const stacks = [stack.stackName, ...(edge ? [`${edge.stackName} (us-east-1)`] : [])].join(', ');
  return `Spin & Win: ${stacks} in region ${config.region} (from ${from}), ${account}.`;
}
