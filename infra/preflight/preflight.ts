/**
 * The deploy preflight (`npm run preflight -- -c region=... [-c shop=...]`): read-only checks of
 * the AWS account, each printed as one line, ok or what to do with the page to read. It takes the
 * deploy's own `-c key=value` options (infra/deploy-config.ts), so it checks the deployment the
 * same command would make. Exit code 1 when something will block the deploy or stop SMS, or could
 * not be checked (access denied, throttled, network); 0 otherwise, "todo" lines included.
 * docs/deploy.md explains each check; test/infra/preflight.test.ts covers every answer.
 */
import { GetCallerIdentityCommand, type STSClient } from '@aws-sdk/client-sts';
import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import {
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import {
  DescribeSenderIdsCommand,
  type PinpointSMSVoiceV2Client,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import {
  ListUserPoolsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ListDistributionsCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import capacity from '../../docs/capacity.json' with { type: 'json' };
import { readDeployConfig, type DeployConfig } from '../deploy-config';

/** The clients of one check run: `region` is the deploy region; `usEast1` only for WAF's stack. */
export interface PreflightClients {
  sts: STSClient;
  ssm: SSMClient;
  ssmUsEast1: SSMClient;
  lambda: LambdaClient;
  sns: SNSClient;
  smsVoice: PinpointSMSVoiceV2Client;
  cognito: CognitoIdentityProviderClient;
  cloudfront: CloudFrontClient;
}

type Status = 'ok' | 'todo' | 'block' | 'unknown';
interface Finding {
  status: Status;
  name: string;
  text: string;
  /** The AWS page that says what to do. */
  url?: string;
}

const LABEL: Record<Status, string> = {
  ok: '[ok]  ',
  todo: '[todo]',
  block: '[FAIL]',
  unknown: '[??]  ',
};

/** The pages each line points to (checked in docs/deploy.md). */
const PAGES = {
  credentials: 'https://docs.aws.amazon.com/cli/latest/userguide/cli-chap-authentication.html',
  regions: 'https://docs.aws.amazon.com/general/latest/gr/rande.html',
  bootstrap: 'https://docs.aws.amazon.com/cdk/v2/guide/bootstrapping.html',
  lambda: 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html',
  sandbox: 'https://docs.aws.amazon.com/sns/latest/dg/sns-sms-sandbox.html',
  spend: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/spend-limit.html',
  senderId: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/registrations-australia.html',
  cognito: 'https://docs.aws.amazon.com/cognito/latest/developerguide/quotas.html',
  cloudfront:
    'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html',
} as const;

/** The CDK's default bootstrap qualifier and the least bootstrap version this CDK's templates need. */
const BOOTSTRAP_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
const MIN_BOOTSTRAP_VERSION = 6;
/** CloudFront's WAF web ACLs (waf=true) live here. */
const CLOUDFRONT_REGION = 'us-east-1';

const ACCESS_DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'AuthorizationError',
  'UnauthorizedOperation',
  'UnrecognizedClientException',
]);
const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'ThrottledException',
]);
const NO_CREDENTIALS = new Set([
  'CredentialsProviderError',
  'ExpiredToken',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
]);

const errorName = (error: unknown): string =>
  error instanceof Error ? ((error as { code?: string }).code ?? error.name) : 'Error';

/** A failed call, as one line: access denied, throttled or unreachable, never a stack trace. */
function couldNotCheck(name: string, call: string, error: unknown, url: string): Finding {
  const kind = errorName(error);
  const why = ACCESS_DENIED.has(kind)
    ? `these credentials may not call ${call} (${kind}): run the preflight as the identity that deploys (it needs the same read access), or grant ${call}`
    : THROTTLED.has(kind)
      ? `${call} was throttled (${kind}): run the preflight again in a minute`
      : `${call} failed (${kind}${error instanceof Error && error.message ? `: ${error.message}` : ''}): check the network and run it again`;
  return { status: 'unknown', name, text: `could not check: ${why}`, url };
}

const usd = (n: number) =>
  `USD ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function bootstrap(ssm: SSMClient, account: string, region: string): Promise<Finding> {
  const name = `CDK bootstrap (${region})`;
  const command = `npx cdk bootstrap aws://${account}/${region}`;
  try {
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: BOOTSTRAP_PARAMETER }));
    const version = Number(Parameter?.Value);
    if (!(version >= MIN_BOOTSTRAP_VERSION)) {
      return {
        status: 'block',
        name,
        text: `bootstrap version ${Parameter?.Value ?? '?'} is older than the ${MIN_BOOTSTRAP_VERSION} this CDK needs: run ${command}`,
        url: PAGES.bootstrap,
      };
    }
    return { status: 'ok', name, text: `version ${version}` };
  } catch (error) {
    if (errorName(error) === 'ParameterNotFound') {
      return {
        status: 'block',
        name,
        text: `not bootstrapped: run ${command}`,
        url: PAGES.bootstrap,
      };
    }
    return couldNotCheck(name, 'ssm:GetParameter', error, PAGES.bootstrap);
  }
}

async function lambdaConcurrency(lambda: LambdaClient): Promise<Finding> {
  const name = 'Lambda concurrency';
  const needed = Math.ceil(capacity.lambdaConcurrencyAtPeak);
  try {
    const { AccountLimit } = await lambda.send(new GetAccountSettingsCommand({}));
    const limit = AccountLimit?.ConcurrentExecutions ?? 0;
    if (limit < needed) {
      return {
        status: 'todo',
        name,
        text: `the account may run ${limit} functions at once; a viral hour's peak needs about ${needed} (docs/capacity.md): request ${Math.max(needed, 1000)} in Service Quotas > AWS Lambda > Concurrent executions before go-live (new accounts start low)`,
        url: PAGES.lambda,
      };
    }
    return {
      status: 'ok',
      name,
      text: `${limit} concurrent executions (a viral hour's peak needs about ${needed})`,
    };
  } catch (error) {
    return couldNotCheck(name, 'lambda:GetAccountSettings', error, PAGES.lambda);
  }
}

async function smsSandbox(sns: SNSClient, region: string): Promise<Finding> {
  const name = 'SNS SMS sandbox';
  try {
    const { IsInSandbox } = await sns.send(new GetSMSSandboxAccountStatusCommand({}));
    if (IsInSandbox) {
      return {
        status: 'block',
        name,
        text: `the account is in the SMS sandbox in ${region}: codes reach only verified numbers (10 at most). SNS console > Text messaging (SMS) > Exit SMS sandbox (a support case, usually a day or two)`,
        url: PAGES.sandbox,
      };
    }
    return { status: 'ok', name, text: `out of the sandbox in ${region}` };
  } catch (error) {
    return couldNotCheck(name, 'sns:GetSMSSandboxAccountStatus', error, PAGES.sandbox);
  }
}

async function smsSpendLimit(
  sns: SNSClient,
  config: DeployConfig,
  expectedVisitors: number,
): Promise<Finding> {
  const name = 'SNS SMS spend limit';
  const month = expectedVisitors * capacity.smsPerVisitor * config.smsPriceUsd;
  const expected = `${usd(month)} (${expectedVisitors.toLocaleString('en-AU')} visitors x ${capacity.smsPerVisitor.toFixed(2)} SMS x USD ${config.smsPriceUsd})`;
  try {
    const { attributes } = await sns.send(
      new GetSMSAttributesCommand({ attributes: ['MonthlySpendLimit'] }),
    );
    const raw = attributes?.MonthlySpendLimit;
    if (raw === undefined || raw === '') {
      return {
        status: 'todo',
        name,
        text: `no MonthlySpendLimit set, so SNS applies the account's spending quota (USD 1 for a new account); the expected month is ${expected}: request a quota above it, then set it (aws sns set-sms-attributes --attributes MonthlySpendLimit=<USD>)`,
        url: PAGES.spend,
      };
    }
    const limit = Number(raw);
    if (limit < month) {
      return {
        status: 'block',
        name,
        text: `USD ${limit} a month; the expected month is ${expected}: SNS stops sending codes at the limit. Request a spending quota increase, then set MonthlySpendLimit`,
        url: PAGES.spend,
      };
    }
    if (limit <= config.smsMonthlySpendAlarmUsd) {
      return {
        status: 'todo',
        name,
        text: `USD ${limit} a month, not above the SmsSpend alarm (USD ${config.smsMonthlySpendAlarmUsd}): the alarm would go off only as sending stops; deploy with -c smsMonthlySpendAlarmUsd below the limit`,
        url: PAGES.spend,
      };
    }
    return {
      status: 'ok',
      name,
      text: `USD ${limit} a month (expected month ${expected})`,
    };
  } catch (error) {
    return couldNotCheck(name, 'sns:GetSMSAttributes', error, PAGES.spend);
  }
}

async function senderId(smsVoice: PinpointSMSVoiceV2Client, id: string): Promise<Finding> {
  const name = `sender ID ${id}`;
  const todo = `register it for Australia (AWS End User Messaging SMS > Registrations; from 1 July 2026 an ID missing from the ACMA register shows as "Unverified"), or deploy without -c smsSenderId`;
  try {
    const { SenderIds } = await smsVoice.send(
      new DescribeSenderIdsCommand({ SenderIds: [{ SenderId: id, IsoCountryCode: 'AU' }] }),
    );
    const found = SenderIds?.find((s) => s.SenderId === id && s.IsoCountryCode === 'AU');
    if (!found) {
      return {
        status: 'block',
        name,
        text: `not in this account for AU: ${todo}`,
        url: PAGES.senderId,
      };
    }
    if (!found.Registered) {
      return {
        status: 'block',
        name,
        text: `requested for AU but not registered: ${todo}`,
        url: PAGES.senderId,
      };
    }
    return { status: 'ok', name, text: 'registered for AU' };
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') {
      return {
        status: 'block',
        name,
        text: `not in this account for AU: ${todo}`,
        url: PAGES.senderId,
      };
    }
    return couldNotCheck(name, 'sms-voice:DescribeSenderIds', error, PAGES.senderId);
  }
}

async function cognitoReachable(cognito: CognitoIdentityProviderClient): Promise<Finding> {
  const name = 'Cognito';
  try {
    await cognito.send(new ListUserPoolsCommand({ MaxResults: 1 }));
    return { status: 'ok', name, text: 'reachable (ListUserPools)' };
  } catch (error) {
    return couldNotCheck(name, 'cognito-idp:ListUserPools', error, PAGES.cognito);
  }
}

async function cloudfrontReachable(cloudfront: CloudFrontClient): Promise<Finding> {
  const name = 'CloudFront';
  try {
    const { DistributionList } = await cloudfront.send(
      new ListDistributionsCommand({ MaxItems: 1 }),
    );
    if ((DistributionList?.Quantity ?? 0) === 0) {
      return {
        status: 'todo',
        name,
        text: 'reachable, and no distribution in this account yet: a new account must be verified by AWS Support before its first one (the deploy then fails with "Your account must be verified before you can add new CloudFront resources"); open a support case (Account and billing) asking for CloudFront to be enabled before the first deploy',
        url: PAGES.cloudfront,
      };
    }
    return { status: 'ok', name, text: 'reachable; the account already has a distribution' };
  } catch (error) {
    return couldNotCheck(name, 'cloudfront:ListDistributions', error, PAGES.cloudfront);
  }
}

/** `-c key=value` (or `--context key=value`) pairs; anything else is refused. */
function parseContext(argv: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const pair = flag === '-c' || flag === '--context' ? argv[++i] : undefined;
    const match = pair === undefined ? null : /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(pair);
    if (!match) {
      throw new Error(
        `Unexpected argument "${flag}": pass options as -c key=value, as for the deploy (npm run preflight -- -c region=ap-southeast-2).`,
      );
    }
    context[match[1]!] = match[2]!;
  }
  return context;
}

/** Runs every check for the deployment `argv` describes; returns the lines and the exit code. */
export async function preflight(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  clientsFor: (region: string) => PreflightClients,
): Promise<{ lines: string[]; exitCode: number }> {
  const findings: Finding[] = [];
  const report = () => ({
    lines: findings.map(
      (f) => `${LABEL[f.status]} ${f.name}: ${f.text}${f.url ? ` (${f.url})` : ''}`,
    ),
    exitCode: findings.some((f) => f.status === 'block' || f.status === 'unknown') ? 1 : 0,
  });

  let config: DeployConfig;
  let expectedVisitors: number;
  try {
    const context = parseContext(argv);
    config = readDeployConfig((key) => context[key], env);
    const visitorsText = context.expectedVisitors;
    expectedVisitors = visitorsText === undefined ? capacity.visitorsPerHour : Number(visitorsText);
    if (!Number.isInteger(expectedVisitors) || expectedVisitors < 1) {
      throw new Error('Context expectedVisitors must be a whole number of visitors a month.');
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const name = /^(No region|Region )/.test(text) ? 'region' : 'options';
    findings.push({
      status: 'block',
      name,
      text,
      url: name === 'region' ? PAGES.regions : undefined,
    });
    return report();
  }
  findings.push({
    status: 'ok',
    name: 'region',
    text: `${config.region} (from ${config.regionSource === 'context' ? '-c region' : 'AWS_REGION'})`,
  });

  const clients = clientsFor(config.region);
  let account: string;
  try {
    const identity = await clients.sts.send(new GetCallerIdentityCommand({}));
    account = identity.Account ?? '?';
    findings.push({
      status: 'ok',
      name: 'credentials',
      text: `account ${account} as ${identity.Arn ?? '?'}`,
    });
  } catch (error) {
    const kind = errorName(error);
    findings.push(
      NO_CREDENTIALS.has(kind) || !(ACCESS_DENIED.has(kind) || THROTTLED.has(kind))
        ? {
            status: 'block',
            name: 'credentials',
            text: `no usable AWS credentials (${kind}): run aws configure or aws sso login, or set AWS_PROFILE, then run the preflight again`,
            url: PAGES.credentials,
          }
        : couldNotCheck('credentials', 'sts:GetCallerIdentity', error, PAGES.credentials),
    );
    // Every other check would fail the same way.
    return report();
  }

  findings.push(
    ...(await Promise.all([
      bootstrap(clients.ssm, account, config.region),
      ...(config.waf && config.region !== CLOUDFRONT_REGION
        ? [bootstrap(clients.ssmUsEast1, account, CLOUDFRONT_REGION)]
        : []),
      lambdaConcurrency(clients.lambda),
      smsSandbox(clients.sns, config.region),
      smsSpendLimit(clients.sns, config, expectedVisitors),
      ...(config.smsSenderId ? [senderId(clients.smsVoice, config.smsSenderId)] : []),
      cognitoReachable(clients.cognito),
      cloudfrontReachable(clients.cloudfront),
    ])),
  );
  return report();
}
