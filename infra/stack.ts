/**
 * SpinWinStack: one shop on AWS. It composes the constructs by concern (Data, Storage, Auth, Api,
 * Web), attaches the account base's web ACLs (unless waf=false), wires the handlers' environment and
 * the triggers' grants, and declares the outputs the agency needs after `npx cdk deploy`.
 *
 * Over 400 lines: the wiring between the constructs, which is what this file is for; each construct
 * lives in infra/constructs/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CfnOutput,
  CfnResource,
  DefaultStackSynthesizer,
  Duration,
  Fn,
  Stack,
  Token,
  Validations,
  type CfnElement,
  type StackProps,
} from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ROUTES } from '@shared/routes';

/** Characters of the origin secret (letters and digits). */
const ORIGIN_SECRET_LENGTH = 48;
/** Time one clean-up run may take: a day's leftovers, one Cognito call each. */
const UNVERIFIED_CLEANUP_TIMEOUT_MINUTES = 5;
import { SMS_GLOBAL_HOURLY_CAP_DEFAULT } from '@shared/constants';
import { Alarms } from './constructs/alarms';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { cognitoEndpointOrigin, importSharedEdge } from './constructs/shared-edge';
import { StatsStream } from './constructs/stats-stream';
import { Storage } from './constructs/storage';
import { associateWebAcl } from './constructs/waf';
import { Web } from './constructs/web';
import { REPO_ROOT, type DeployConfig } from './deploy-config';
import { SpinFunction, withFunctionLogGroups } from './function-defaults';
import { ROUTE_NEEDS, tableActions } from './route-permissions';
import { nagPartition } from './nag';
import { STATEFUL_REMOVAL_POLICY } from './stateful';
import { BASE_EDGE_WEB_ACL_OUTPUT, BASE_EXPORTS, baseEdgeStackName } from './stack-names';

/** CloudFront takes web ACLs from this region only. */
const CLOUDFRONT_REGION = 'us-east-1';

/** The singleton Lambda every BucketDeployment of a stack shares (its id is fixed by CDK). */
const BUCKET_DEPLOYMENT_PROVIDER_ID = 'Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C';

/** CDK's singleton provider functions the stack holds (BucketDeployment, AwsCustomResource, LogRetention). */
const CDK_PROVIDER_IDS: readonly string[] = [
  BUCKET_DEPLOYMENT_PROVIDER_ID,
  'AWS679f53fac002430cb0da5b7982bd2287',
  'LogRetentionaae0aa3c5b4d4f87b02d85b201efdd8a',
];

/** Every ARN SNS topics can have: `sns:Publish` on anything else can only be a phone number. */
const ALL_SNS_TOPICS = 'arn:aws:sns:*:*:*';

/**
 * The deploy options the stack uses: DeployConfig (infra/deploy-config.ts, where each is declared
 * and documented once) without those that only name the deployment or serve the preflight.
 */
export type StackOptions = Omit<
  DeployConfig,
  'shop' | 'region' | 'regionSource' | 'expectedVisitors' | 'base' | 'smsMonthlySpendAlarmUsd'
>;

export interface SpinWinStackProps extends StackProps, StackOptions {
  /**
   * Entry file of a route's handler; tests may point elsewhere.
   * @default lambdas/handlers/<id>.ts
   */
  readonly handlerEntry?: (routeId: string) => string;
}

export class SpinWinStack extends Stack {
  public readonly data: Data;
  public readonly storage: Storage;
  public readonly auth: Auth;
  public readonly api: Api;
  public readonly web: Web;
  public readonly alarms: Alarms;
  /** The hourly clean-up of visitor users that never verified (lambdas/domain/unverified-users.ts). */
  public readonly unverifiedCleanup: SpinFunction;
  /** Counts the insights from the customers table's change stream. */
  public readonly statsConsumer: SpinFunction;

  constructor(scope: Construct, id: string, props: SpinWinStackProps) {
    super(scope, id, props);
    if (!existsSync(join(props.siteDirectory, 'index.html'))) {
      throw new Error(
        `No built SPA at ${props.siteDirectory}: run \`npm run build\` first (npm run deploy does it for you).`,
      );
    }
    const lambdas = (...parts: string[]): string => join(REPO_ROOT, 'lambdas', ...parts);

    this.data = new Data(this, 'Data', { deletionProtection: props.deletionProtection });
    this.storage = new Storage(this, 'Storage');

    const timeZone = props.timeZone;
    const smsEnvironment: Record<string, string> = {
      ...(props.smsSenderId ? { SMS_SENDER_ID: props.smsSenderId } : {}),
      ...(props.smsHourlyCap ? { SMS_HOURLY_CAP: String(props.smsHourlyCap) } : {}),
      SMS_DAILY_CAP: String(props.smsDailyCap),
      PREVIEW_HOURLY_CAP: String(props.previewHourlyCap),
      // The day counters' days (repositories/stats.ts), for the API and the SMS trigger alike.
      BUSINESS_TIME_ZONE: timeZone,
    };
    this.auth = new Auth(this, 'Auth', {
      triggerEntries: {
        defineAuthChallenge: lambdas('triggers', 'define-auth-challenge.ts'),
        createAuthChallenge: lambdas('triggers', 'create-auth-challenge.ts'),
        verifyAuthChallenge: lambdas('triggers', 'verify-auth-challenge.ts'),
      },
      staffUsersEntry: lambdas('custom-resources', 'staff-users.ts'),
      triggerEnvironment: { ...this.data.environment(), ...smsEnvironment },
      deletionProtection: props.deletionProtection,
    });
    this.grantSmsSending();

    // CloudFront adds this secret to every request it forwards to the API; the handlers that count
    // per client trust the viewer address only on requests carrying it (lambdas/lib/viewer.ts).
    // It reaches CloudFront as a dynamic reference (never in the template), and the functions read
    // it from Secrets Manager at start (lambdas/lib/secrets.ts), taking its current and previous
    // versions so that it rotates with no downtime (docs/operations.md, "Rotating the origin secret").
    const originSecret = new Secret(this, 'OriginSecret', {
      description: 'Spin & Win: header value proving an API request came through CloudFront',
      generateSecretString: {
        passwordLength: ORIGIN_SECRET_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
      },
    });
    Validations.of(originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by the documented steps (docs/operations.md): CloudFront must be switched to the new value after the functions take it, which a rotation schedule alone would not do.',
    });
    const originSecretValue = originSecret.secretValue.unsafeUnwrap();
    new CfnOutput(this, 'OriginSecretArn', {
      description:
        'Secrets Manager secret CloudFront sends to the API (rotate it as docs/operations.md says)',
      value: originSecret.secretArn,
    });

    // The key of the hashes an erased number leaves behind (lambdas/repositories/customers.ts).
    // Losing or changing it would let erased numbers win again, so it is kept like the data.
    const erasureKey = new Secret(this, 'ErasureKey', {
      description: 'Spin & Win: key of the one-way codes kept for numbers erased on request',
      generateSecretString: {
        passwordLength: ORIGIN_SECRET_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: STATEFUL_REMOVAL_POLICY,
    });
    Validations.of(erasureKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Never rotated: a new key would no longer match the codes of numbers already erased.',
    });

    this.api = new Api(this, 'Api', {
      routes: ROUTES,
      needs: ROUTE_NEEDS,
      handlerEntry: props.handlerEntry ?? ((routeId) => lambdas('handlers', `${routeId}.ts`)),
      environment: {
        ...this.data.environment(),
        LOGO_BUCKET: this.storage.logoBucket.bucketName,
        VISITOR_USER_POOL_ID: this.auth.visitorPool.userPoolId,
        STAFF_USER_POOL_ID: this.auth.staffPool.userPoolId,
        STAFF_CLIENT_ID: this.auth.staffClient.userPoolClientId,
        SMS_PRICE_USD: String(props.smsPriceUsd),
        ...(props.ownerCurrency
          ? {
              OWNER_CURRENCY: props.ownerCurrency.currency,
              USD_RATE: String(props.ownerCurrency.usdRate),
              USD_RATE_DATE: props.ownerCurrency.rateDate,
            }
          : {}),
        ...(props.clientCodesPerHour
          ? { CLIENT_CODES_PER_HOUR: String(props.clientCodesPerHour) }
          : {}),
        ...smsEnvironment,
      },
      // Their ARNs only; the erasure key's only for the handlers that read or write erasure markers
      // (route-permissions.ts erasureKey).
      secrets: { origin: originSecret, erasureKey },
      tables: Object.fromEntries(
        Object.entries(this.data.tables).map(([name, table]) => [
          name,
          { table, def: this.data.definitions[name as keyof typeof this.data.definitions] },
        ]),
      ) as ConstructorParameters<typeof Api>[2]['tables'],
      logoBucket: this.storage.logoBucket,
      visitor: { pool: this.auth.visitorPool, client: this.auth.visitorClient },
      staff: { pool: this.auth.staffPool, client: this.auth.staffClient },
    });

    const cognitoOrigin = cognitoEndpointOrigin(this.region);
    this.web = new Web(this, 'Web', {
      siteBucket: this.storage.siteBucket,
      logoBucket: this.storage.logoBucket,
      logBucket: this.storage.logBucket,
      apiDomainName: this.api.domainName,
      originSecret: originSecretValue,
      siteDirectory: props.siteDirectory,
      siteConfig: {
        cognitoEndpoint: `${cognitoOrigin}/`,
        visitorClientId: this.auth.visitorClient.userPoolClientId,
        staffClientId: this.auth.staffClient.userPoolClientId,
        timeZone,
      },
      // The account base's response headers policy and viewer functions (made once for every shop).
      shared: importSharedEdge(this),
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificateArn: props.certificateArn,
      // The account base's CloudFront web ACL, read from its us-east-1 part's output.
      webAclArn: props.waf
        ? Token.asString({
            'Fn::GetStackOutput': {
              StackName: baseEdgeStackName(this.region),
              Region: CLOUDFRONT_REGION,
              OutputName: BASE_EDGE_WEB_ACL_OUTPUT,
            },
          })
        : undefined,
    });

    // Each pool joins the base's web ACL of its kind, through the base's association function.
    const poolWafs = !props.waf
      ? []
      : (
          [
            ['VisitorPoolWaf', 'VisitorPools', this.auth.visitorPool.userPoolArn],
            ['StaffPoolWaf', 'StaffPools', this.auth.staffPool.userPoolArn],
          ] as const
        ).map(([id, acl, resourceArn]) =>
          associateWebAcl(this, id, {
            serviceToken: Fn.importValue(BASE_EXPORTS.wafAssociatorArn),
            webAclArn: Fn.importValue(BASE_EXPORTS.webAclArn(acl)),
            resourceArn,
          }),
        );

    const statsStream = new StatsStream(this, 'StatsStream', {
      entry: lambdas('triggers', 'stats-stream.ts'),
      customers: this.data.tables.customers,
      stats: this.data.tables.stats,
      limits: this.data.tables.limits,
      environment: { ...this.data.environment(), BUSINESS_TIME_ZONE: timeZone },
    });
    const unverifiedCleanup = this.scheduleUnverifiedCleanup(
      lambdas('triggers', 'unverified-cleanup.ts'),
    );
    this.unverifiedCleanup = unverifiedCleanup.cleanup;
    this.statsConsumer = statsStream.consumer;

    this.alarms = new Alarms(this, 'Alarms', {
      email: props.alarmEmail,
      smsHourlyCap: props.smsHourlyCap ?? SMS_GLOBAL_HOURLY_CAP_DEFAULT,
      smsDailyCap: props.smsDailyCap,
      tables: this.data.tables,
      httpApi: this.api.httpApi,
    });

    // The site files are copied last: after every other resource of the stack exists, so a first
    // deploy that fails anywhere else leaves the site bucket empty and the rollback deletes it
    // (docs/deploy.md, "A failed first deploy").
    // The log groups CDK makes for its own provider functions (useCdkManagedLogGroup) too.
    const providerLogGroups = this.node.children
      .filter((child) => CDK_PROVIDER_IDS.includes(child.node.id))
      .flatMap((provider) => provider.node.findAll())
      .filter((construct) => construct instanceof CfnLogGroup);
    for (const deployment of this.web.siteDeployments) {
      // On the copy itself (its layer is what the provider function uses: a dependency of the whole
      // construct would be a cycle).
      for (const copy of deployment.node.findAll()) {
        if (copy instanceof CfnResource && copy.cfnResourceType === 'Custom::CDKBucketDeployment') {
          for (const logGroup of providerLogGroups) copy.addResourceDependency(logGroup);
        }
      }
      deployment.node.addDependency(
        this.data,
        this.storage,
        this.auth,
        this.api,
        this.alarms,
        this.web.distribution,
        originSecret,
        erasureKey,
        unverifiedCleanup.scope,
        statsStream,
        ...poolWafs,
      );
    }

    this.acknowledgeBucketDeployment();
    this.declareOutputs(props);
  }

  /**
   * The CreateAuthChallenge trigger sends the code by SMS and keeps the SMS cost guard's counters.
   * SNS Publish is allowed to phone numbers only: notResources excludes every topic ARN (the
   * aws-samples/amazon-cognito-passwordless-auth pattern), since a phone number has no ARN.
   * The three triggers share one role (Auth.triggerRole), so each may do what any of them needs.
   */
  private grantSmsSending(): void {
    const create = this.auth.createAuthChallenge;
    create.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sns:Publish'], notResources: [ALL_SNS_TOPICS] }),
    );
    create.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: tableActions('limits', 'write'),
        resources: [this.data.tables.limits.tableArn],
      }),
    );
    // Each code sent is counted for the owner's insights.
    create.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [this.data.tables.stats.tableArn],
      }),
    );
    // VerifyAuthChallengeResponse deletes a code once answered (a conditional delete), so no later
    // session can reuse it, and marks the number verified (UpdateItem on its visitor record)...
    this.auth.verifyAuthChallenge.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
        resources: [this.data.tables.limits.tableArn],
      }),
    );
    // ...counting it for the owner's insights in the same transaction, the first time only.
    this.auth.verifyAuthChallenge.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [this.data.tables.stats.tableArn],
      }),
    );
  }

  /**
   * The clean-up of visitor users that never verified, every hour by EventBridge Scheduler. Its role
   * may Scan the limits table and delete a record there, read a customer record, and delete a user
   * of the visitor pool: nothing else.
   */
  private scheduleUnverifiedCleanup(entry: string): { cleanup: SpinFunction; scope: Construct } {
    const scope = new Construct(this, 'UnverifiedCleanup');
    const cleanup = new SpinFunction(scope, 'Cleanup', {
      entry,
      description: 'Deletes visitor users that never verified within a day',
      timeout: Duration.minutes(UNVERIFIED_CLEANUP_TIMEOUT_MINUTES),
      environment: {
        ...this.data.environment(),
        VISITOR_USER_POOL_ID: this.auth.visitorPool.userPoolId,
      },
    });
    cleanup.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Scan', 'dynamodb:DeleteItem'],
        resources: [this.data.tables.limits.tableArn],
      }),
    );
    cleanup.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [this.data.tables.customers.tableArn],
      }),
    );
    cleanup.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cognito-idp:AdminDeleteUser'],
        resources: [this.auth.visitorPool.userPoolArn],
      }),
    );
    // The schedule's own role, which may invoke this function only.
    const invoker = new Role(scope, 'Invoker', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invokes the clean-up of unverified visitor users',
    });
    new Schedule(scope, 'Schedule', {
      description: 'Spin & Win: delete visitor users that never verified within a day',
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      // A run that failed is simply the next hour's work.
      target: new LambdaInvoke(cleanup.function, { role: invoker, retryAttempts: 0 }),
    });
    Validations.of(invoker).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(cleanup.function.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason:
        "CDK's grantInvoke names the function and its versions (ARN:*): one function, nothing else.",
    });
    return { cleanup, scope };
  }

  /**
   * BucketDeployment brings its own Lambda (the AWS CLI in Python) with a role CDK writes; its
   * wildcard findings are acknowledged here, each with why it is acceptable.
   */
  private acknowledgeBucketDeployment(): void {
    const provider = this.node.tryFindChild(BUCKET_DEPLOYMENT_PROVIDER_ID);
    if (!provider) throw new Error('BucketDeployment provider not found: has CDK renamed it?');
    const account = Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
    const region = Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
    const assetsBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}`;
    const siteBucket = this.getLogicalId(this.storage.siteBucket.node.defaultChild as CfnElement);
    const why =
      'CDK BucketDeployment provider (runs only during deploys): CDK writes this policy to copy the built SPA from ' +
      'the CDK assets bucket to the site bucket and invalidate CloudFront';
    const acks: Record<string, string> = {
      'Action::s3:GetObject*': `${why}; it reads the asset zip.`,
      'Action::s3:GetBucket*': `${why}; it reads bucket metadata of the two buckets.`,
      'Action::s3:List*': `${why}; it lists the two buckets to sync.`,
      'Action::s3:DeleteObject*': `${why}; it may delete objects in the site bucket only.`,
      'Action::s3:Abort*': `${why}; it aborts its own failed multipart uploads.`,
      [`Resource::arn:${nagPartition(this)}:s3:::${assetsBucket}/*`]: `${why}; the source is the CDK assets bucket.`,
      [`Resource::<${siteBucket}.Arn>/*`]: `${why}; the destination is every key of the site bucket.`,
      'Resource::*': `${why}; cloudfront:CreateInvalidation/GetInvalidation take no resource-level ARN.`,
    };
    for (const [finding, reason] of Object.entries(acks)) {
      Validations.of(provider).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: `${why}; the AWS managed basic execution role only lets it write its own logs.`,
    });
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-L1',
      reason: `${why}; CDK pins its Python runtime to match the AWS CLI layer it ships.`,
    });
  }

  /** The template, with every function's logs kept LOG_RETENTION (infra/function-defaults.ts). */
  protected override _toCloudFormation(): object {
    return withFunctionLogGroups(super._toCloudFormation() as object);
  }

  private declareOutputs(props: SpinWinStackProps): void {
    new CfnOutput(this, 'SiteUrl', {
      description: 'The site (visitors: /, operators sign in at /login, the admin at /admin)',
      value: `https://${props.domainName ?? this.web.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'StaffPasswordsSecretArn', {
      description:
        'Secrets Manager secret holding the initial staff passwords, a JSON object by username (read with aws secretsmanager get-secret-value)',
      value: this.auth.staffPasswordsSecret.secretArn,
    });
    new CfnOutput(this, 'VisitorUserPoolId', { value: this.auth.visitorPool.userPoolId });
    new CfnOutput(this, 'StaffUserPoolId', { value: this.auth.staffPool.userPoolId });
    new CfnOutput(this, 'DistributionId', {
      description: 'CloudFront distribution (for manual invalidations)',
      value: this.web.distribution.distributionId,
    });
  }
}
