/**
 * Function defaults in one place: every Lambda of the stack (API handlers, Cognito triggers, the
 * staff-users custom resource) is built by `SpinFunction`, so runtime, architecture, bundling, logs
 * and the execution role are decided once.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  LoggingFormat,
  Runtime,
  type Function as LambdaFunction,
} from 'aws-cdk-lib/aws-lambda';
import {
  NodejsFunction,
  OutputFormat,
  type NodejsFunctionProps,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { join } from 'node:path';
import { FUNCTION_TIMEOUT_SECONDS, metricsNamespace, SERVICE_NAME } from '@shared/definitions';
import { REPO_ROOT } from './deploy-config';

/** Node 22 (LTS until April 2027): the runtime the design fixes and the handlers are tested on. */
const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;
/** Graviton: about 20% cheaper per GB-second than x86 for the same work. */
const FUNCTION_ARCHITECTURE = Architecture.ARM_64;
/** Enough memory that cold starts stay well inside Cognito's 5 s trigger limit; the bill is per ms. */
export const FUNCTION_MEMORY_MB = 512;
/** API handlers finish in well under a second; API Gateway itself gives up at 30 s. */
const FUNCTION_TIMEOUT = Duration.seconds(FUNCTION_TIMEOUT_SECONDS);
/** One month of logs is enough to investigate a complaint; longer costs storage for nothing. */
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * The shop's count of failed invocations (the FunctionErrors alarm, infra/constructs/alarms.ts),
 * in its metrics namespace: every function's log group adds one for each invocation whose report
 * (the `platform.report` system log line, JSON format: `record.status` is `success`, `failure`,
 * `error` or `timeout`, the Telemetry API's schema) says it did not succeed.
 */
export const FUNCTION_FAILURES_METRIC = 'FunctionFailures';
const FAILED_INVOCATION = FilterPattern.all(
  FilterPattern.stringValue('$.type', '=', 'platform.report'),
  FilterPattern.stringValue('$.record.status', '!=', 'success'),
);

/**
 * ESM output needs `require` for any bundled CommonJS dependency that requires a Node built-in;
 * this banner defines it, so such a dependency cannot fail at cold start.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Packages every bundle takes from our code instead: the SDK's default credential chain becomes the
 * environment-only provider Lambda needs (lambdas/lib/env-credentials.ts explains why). esbuild's
 * `alias`; the benchmark bundles with the same map.
 */
const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'lambdas/lib/env-credentials.ts'),
};

/**
 * Bundling of every function.
 * - ESM, minified, tree-shaken: small bundles (the target is at most 1 MB each) load fast.
 * - No source maps: they would double the bundle and Node's --enable-source-maps slows every cold
 *   start; errors are logged with their code and route, and the code is small enough to read.
 * - The AWS SDK clients are bundled too, tree-shaken with the rest: importing the runtime's own copy
 *   from disk (hundreds of files) cost 110-200 ms of every cold start, one bundled file a fraction of
 *   that. It also pins the SDK to the version in package-lock.json, the one the tests ran.
 * - The SDK's credential chain is replaced by the environment-only provider (BUNDLE_ALIASES).
 * - Local esbuild, never Docker: synth works offline and on machines without Docker.
 */
const BUNDLING: NonNullable<NodejsFunctionProps['bundling']> = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: false,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  externalModules: [],
  esbuildArgs: Object.fromEntries(
    Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path]),
  ),
  forceDockerBundling: false,
};

/**
 * The esbuild build options NodejsFunction derives from BUNDLING, for bundling a function the same
 * way outside a synth (the benchmark's cold starts, the bundle test).
 */
export function esbuildOptionsFor(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target,
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    mainFields: BUNDLING.mainFields,
    banner: { js: BUNDLING.banner ?? '' },
    external: BUNDLING.externalModules,
    alias: { ...BUNDLE_ALIASES },
    // The repo's paths (`@shared/*`), as NodejsFunction's esbuild finds them from the entry.
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
  };
}

export interface SpinFunctionProps {
  /** The TypeScript entry file, exporting `handler`. */
  readonly entry: string;
  /** What the function does, shown in the Lambda console. */
  readonly description: string;
  /**
   * Environment variables, on top of the Powertools ones.
   * @default - only POWERTOOLS_SERVICE_NAME, POWERTOOLS_LOG_LEVEL and POWERTOOLS_METRICS_NAMESPACE
   */
  readonly environment?: Record<string, string>;
  /**
   * Maximum run time.
   * @default FUNCTION_TIMEOUT (10 seconds)
   */
  readonly timeout?: Duration;
  /**
   * Powertools log level.
   * @default 'INFO'
   */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /**
   * The execution role, shared with the other functions of its group (functionRole): each function
   * of a group may do what any of them needs (docs/security.md, "Shared execution roles").
   * @default - a role of its own
   */
  readonly role?: Role;
}

/**
 * An execution role for Lambda with no managed policy: each function given it adds write access to
 * its own log group, and the stack adds what the functions need. IAM's default quota is 1,000 roles
 * an account, every shop's together, so the functions share a role per group of like rights
 * (docs/capacity.md, "Shops per account").
 */
export function functionRole(scope: Construct, id: string, description: string): Role {
  return new Role(scope, id, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description,
  });
}

/**
 * A NodejsFunction with the project's defaults, its own log group (retention set, JSON format) and
 * its own role or its group's (props.role). The role gets no managed policy: only write access to
 * the function's log group, and then whatever the stack grants.
 */
export class SpinFunction extends Construct {
  public readonly function: LambdaFunction;
  public readonly role: Role;

  constructor(scope: Construct, id: string, props: SpinFunctionProps) {
    super(scope, id);
    // The function's own log group.
    const logGroup = new LogGroup(this, 'Logs', {
      retention: LOG_RETENTION,
      // Logs are diagnostics, not records: they go with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Counted into the shop's metric, so its alarm watches this shop's functions only (free: a
    // metric filter costs nothing, and its metric exists only in minutes with a failure).
    new MetricFilter(this, 'Failures', {
      logGroup,
      filterPattern: FAILED_INVOCATION,
      metricNamespace: metricsNamespace(Stack.of(scope).stackName),
      metricName: FUNCTION_FAILURES_METRIC,
      metricValue: '1',
    });
    this.role = props.role ?? functionRole(this, 'Role', `Execution role of ${props.description}`);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: FUNCTION_MEMORY_MB,
      timeout: props.timeout ?? FUNCTION_TIMEOUT,
      role: this.role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      bundling: BUNDLING,
      environment: {
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_LOG_LEVEL: props.logLevel ?? 'INFO',
        // Powertools Metrics (lambdas/lib/metrics.ts): this deployment's namespace.
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(Stack.of(scope).stackName),
        ...props.environment,
      },
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node 22 is fixed by the design (LTS, supported by Lambda until 2027) and is what the handlers are tested on; ' +
        'moving to Node 24 is a deliberate upgrade, not a side effect of a CDK release.',
    });
  }
}

type Template = {
  Resources?: Record<
    string,
    {
      Type: string;
      Properties?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
    }
  >;
};

/** The function a `/aws/lambda/<function>` log group of the template is named after, if any. */
function functionNamedBy(logGroupName: unknown): string | undefined {
  const join = (logGroupName as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
  if (!join || join[0] !== '' || join[1].length !== 2 || join[1][0] !== '/aws/lambda/') return;
  return (join[1][1] as { Ref?: string }).Ref;
}

/**
 * Gives every Lambda function of a synthesized template that has no log group of its own one with
 * LOG_RETENTION: the functions the CDK brings (the BucketDeployment provider, the cross-region
 * reference providers and any other custom resource provider), which would otherwise log to
 * /aws/lambda/... kept forever. It works on the template because the CDK adds some of them while
 * synthesizing, after aspects have run. Their roles already write any log group (the AWS managed
 * basic execution policy). SpinFunctions have theirs already and are left as they are.
 */
export function withFunctionLogGroups<T extends Template>(template: T): T {
  const resources = template.Resources ?? {};
  // The log groups CDK itself makes for its functions (the useCdkManagedLogGroup feature flag:
  // /aws/lambda/<function>, kept two years and retained) keep LOG_RETENTION and go with the stack.
  const managed = new Set<string>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::Logs::LogGroup') continue;
    const fn = functionNamedBy(resource.Properties?.LogGroupName);
    if (fn === undefined || resources[fn]?.Type !== 'AWS::Lambda::Function') continue;
    managed.add(fn);
    resource.Properties = { ...resource.Properties, RetentionInDays: LOG_RETENTION };
    resource.DeletionPolicy = 'Delete';
    resource.UpdateReplacePolicy = 'Delete';
  }
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function' || managed.has(id)) continue;
    const properties = (resource.Properties ??= {});
    if (properties.LoggingConfig?.LogGroup !== undefined) continue;
    const logGroupId = `${id}Logs`;
    if (resources[logGroupId]) throw new Error(`${logGroupId} already exists`);
    resources[logGroupId] = {
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: LOG_RETENTION },
      // Logs are diagnostics, not records: they go with the stack.
      DeletionPolicy: 'Delete',
      UpdateReplacePolicy: 'Delete',
    } as (typeof resources)[string];
    properties.LoggingConfig = { ...properties.LoggingConfig, LogGroup: { Ref: logGroupId } };
  }
  return template;
}
