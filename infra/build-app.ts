/**
 * Builds the CDK app from its context: a shop's stacks (the main stack, the us-east-1 WAF stack
 * unless waf=false), or with base=true the account base alone (infra/base-stack.ts), and the
 * cdk-nag AwsSolutions checks on everything. infra/app.ts (the CLI entry), the fleet command and
 * the CDK tests all call this, so the tests check exactly what the agency deploys.
 */
import { type App, Token, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeployConfig, type DeployConfig } from './deploy-config';
import { SpinWinBaseStack } from './base-stack';
import { SpinWinEdgeStack, SpinWinStack, type SpinWinStackProps } from './stack';
import { BASE_STACK_NAME, deploymentStackNames } from './stack-names';

/** CloudFront only accepts WAF web ACLs and certificates from this region. */
const CLOUDFRONT_REGION = 'us-east-1';

export interface BuiltApp {
  readonly config: DeployConfig;
  readonly stack: SpinWinStack;
  readonly edge?: SpinWinEdgeStack;
}

export interface BuiltBase {
  readonly config: DeployConfig;
  readonly base: SpinWinBaseStack;
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
  const account = options_.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  const base = new SpinWinBaseStack(app, BASE_STACK_NAME, {
    env: { account, region: config.region },
    description:
      'Spin & Win account base: what every shop in this account and region shares (CloudFront headers policy and functions, SMS delivery logging, account-wide alarms)',
    alarmEmail: config.alarmEmail,
    smsMonthlySpendAlarmUsd: config.smsMonthlySpendAlarmUsd,
    // Deleting it while a shop imports its exports fails anyway; this says so before CloudFormation.
    terminationProtection: true,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, base };
}

export function buildApp(app: App, options_: BuildAppOptions = {}): BuiltApp {
  const config = readDeployConfig((key) => app.node.tryGetContext(key), process.env);
  const account = options_.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  // Never CDK_DEFAULT_REGION: the CLI sets it to us-east-1 when nothing is configured.
  const region = config.region;

  const forShop = config.shop === undefined ? '' : ` (${config.shop})`;
  let edge: SpinWinEdgeStack | undefined;
  if (config.waf) {
    // A CloudFront web ACL lives in us-east-1; passing its ARN to another region needs both stacks
    // bound to a concrete account and region (cross-region references).
    if (!account) {
      throw new Error(
        'WAF (on unless -c waf=false) needs an account: configure AWS credentials, or set CDK_DEFAULT_ACCOUNT.',
      );
    }
    edge = new SpinWinEdgeStack(app, deploymentStackNames(config.shop).edge, {
      env: { account, region: CLOUDFRONT_REGION },
      crossRegionReferences: true,
      description: `Spin & Win${forShop}: WAF rate limits in front of CloudFront (us-east-1)`,
    });
  }
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
    crossRegionReferences: edge !== undefined,
    description: `Spin & Win${forShop}: spin-the-wheel prize promotion (site, API, user pools, data)`,
    webAclArn: edge?.webAclArn,
    handlerEntry: options_.handlerEntry,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, stack, edge };
}

/**
 * The line printed before anything is synthesized or deployed: which stacks, which region (and
 * where it came from) and which account, so a wrong region is seen before CloudFormation starts.
 */
export function targetLine(built: BuiltApp | BuiltBase): string {
  const { config } = built;
  const stack = 'base' in built ? built.base : built.stack;
  const edge = 'base' in built ? undefined : built.edge;
  const from = config.regionSource === 'context' ? '-c region' : 'AWS_REGION';
  const account = Token.isUnresolved(stack.account)
    ? "the credentials' account"
    : `account ${stack.account}`;
  const stacks = [stack.stackName, ...(edge ? [`${edge.stackName} (us-east-1)`] : [])].join(', ');
  return `Spin & Win: ${stacks} in region ${config.region} (from ${from}), ${account}.`;
}
