/**
 * The deploy preflight (`npm run preflight -- -c region=... [-c shop=...]`): read-only checks of
 * the AWS account, each printed as one line, ok or what to do with the page to read. It takes the
 * deploy's own `-c key=value` options (infra/deploy-config.ts), so it checks the deployment the
 * same command would make. Exit code 1 when something will block the deploy or stop the first SMS
 * code, or could not be checked (access denied, throttled, network); 0 otherwise, "todo" lines
 * included. The last line counts what blocks.
 * docs/deploy.md explains each check; test/infra/preflight.test.ts covers every answer.
 *
 * Over 400 lines: it holds one check for each thing a first deploy and a first code depend on (about
 * fifteen, each a short function of its SDK answers), and they share the line format, the
 * failure wording and the closing count.
 */
import { GetCallerIdentityCommand, type STSClient } from '@aws-sdk/client-sts';
import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import {
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  ListSMSSandboxPhoneNumbersCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import {
  DescribeSenderIdsCommand,
  DescribeSpendLimitsCommand,
  GetResourcePolicyCommand,
  type PinpointSMSVoiceV2Client,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import {
  DescribeStacksCommand,
  ListStacksCommand,
  type CloudFormationClient,
} from '@aws-sdk/client-cloudformation';
import {
  ListUserPoolsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ListDistributionsCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import capacity from '../../docs/capacity.json' with { type: 'json' };
import {
  EXPECTED_VISITORS_PER_MONTH_DEFAULT,
  NO_ALARM_EMAIL,
  readDeployConfig,
  type DeployConfig,
} from '../deploy-config';
import { BASE_STACK_NAME, baseEdgeStackName, deploymentStackNames } from '../stack-names';

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
  cloudformation: CloudFormationClient;
  cloudformationUsEast1: CloudFormationClient;
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
  snsForSenderId: 'https://docs.aws.amazon.com/sms-voice/latest/userguide/registrations.html',
  sandboxNumbers:
    'https://docs.aws.amazon.com/sns/latest/dg/sns-sms-sandbox-verifying-phone-numbers.html',
  failedStack:
    'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/troubleshooting.html',
  alarms: 'https://docs.aws.amazon.com/sns/latest/dg/sns-email-notifications.html',
} as const;

/** Stack states that stop the next deploy of that stack until someone clears them. */
const FAILED_STACK_STATES = [
  'CREATE_FAILED',
  'ROLLBACK_FAILED',
  'DELETE_FAILED',
  'UPDATE_ROLLBACK_FAILED',
  'IMPORT_ROLLBACK_FAILED',
] as const;
/** End User Messaging's name for the account's monthly SMS spend limit. */
const TEXT_SPEND_LIMIT = 'TEXT_MESSAGE_MONTHLY_SPEND_LIMIT';

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

/** The month a deployment expects to spend on codes, in words. */
interface ExpectedMonth {
  readonly usd: number;
  readonly text: string;
}

function expectedMonth(config: DeployConfig): ExpectedMonth {
  const visitors = config.expectedVisitors;
  const usdMonth = visitors * capacity.smsPerVisitor * config.smsPriceUsd;
  const defaulted =
    visitors === EXPECTED_VISITORS_PER_MONTH_DEFAULT ? ' (the default; -c expectedVisitors=N)' : '';
  return {
    usd: usdMonth,
    text: `${usd(usdMonth)}: ${visitors.toLocaleString('en-AU')} visitors a month${defaulted} x ${capacity.smsPerVisitor.toFixed(2)} SMS x USD ${config.smsPriceUsd}`,
  };
}

/** Codes a budget pays for at the deployment's price. */
const codesFor = (budgetUsd: number, config: DeployConfig) =>
  config.smsPriceUsd > 0 ? Math.floor(budgetUsd / config.smsPriceUsd) : Infinity;

/**
 * SNS's own monthly limit (MonthlySpendLimit). Unset, SNS applies the most the account is allowed
 * (the SetSMSAttributes reference: "By default, the spend limit is set to the maximum allowed"), so
 * an unset limit is not a limit of its own: the account's quota is End User Messaging's line.
 */
async function snsSpendLimit(sns: SNSClient, config: DeployConfig): Promise<Finding> {
  const name = 'SNS SMS spend limit';
  const month = expectedMonth(config);
  const raise = `request an SMS spending quota increase (AWS Support, "SNS Text Messaging"), then aws sns set-sms-attributes --attributes MonthlySpendLimit=<USD> in ${config.region}`;
  try {
    const { attributes } = await sns.send(
      new GetSMSAttributesCommand({ attributes: ['MonthlySpendLimit'] }),
    );
    const raw = attributes?.MonthlySpendLimit;
    if (raw === undefined || raw === '') {
      return {
        status: 'ok',
        name,
        text: "not set, so SNS may spend up to the account's maximum (the SetSMSAttributes default), which the End User Messaging line checks against the expected month",
      };
    }
    const limit = Number(raw);
    if (limit < month.usd) {
      return {
        status: 'block',
        name,
        text: `USD ${limit} a month (about ${codesFor(limit, config)} codes); the expected month is ${month.text}: SNS stops sending codes at the limit. ${raise.charAt(0).toUpperCase()}${raise.slice(1)}`,
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
      text: `USD ${limit} a month; the expected month is ${month.text}`,
    };
  } catch (error) {
    return couldNotCheck(name, 'sns:GetSMSAttributes', error, PAGES.spend);
  }
}

/**
 * End User Messaging's monthly SMS spend limit, through which SNS sends. The limit in force is
 * `EnforcedLimit` only while `Overridden` is true, `MaxLimit` otherwise (the SpendLimit reference:
 * "To use this custom limit, Overridden must be set to true").
 */
async function messagingSpendLimit(
  smsVoice: PinpointSMSVoiceV2Client,
  config: DeployConfig,
): Promise<Finding> {
  const name = 'End User Messaging SMS spend limit';
  const month = expectedMonth(config);
  try {
    const { SpendLimits } = await smsVoice.send(new DescribeSpendLimitsCommand({}));
    const text = SpendLimits?.find((l) => l.Name === TEXT_SPEND_LIMIT);
    if (!text) {
      return {
        status: 'block',
        name,
        text: `no ${TEXT_SPEND_LIMIT} in ${config.region}: End User Messaging SMS console > Account settings, then run the preflight again`,
        url: PAGES.spend,
      };
    }
    const max = Number(text.MaxLimit ?? 0);
    const limit = text.Overridden ? Number(text.EnforcedLimit ?? 0) : max;
    const which = text.Overridden
      ? `a limit of its own set below the account's USD ${max}`
      : "the account's maximum, no limit of its own set";
    if (limit < month.usd) {
      const todo =
        limit < max
          ? `raise the limit towards USD ${max} (End User Messaging SMS console > Account settings > Spend limits), or request a spend limit increase (AWS Support)`
          : 'request a spend limit increase (End User Messaging SMS console > Account settings > Spend limits, or AWS Support), then set the limit';
      return {
        status: 'block',
        name,
        text: `USD ${limit} a month (${which}; about ${codesFor(limit, config)} codes); the expected month is ${month.text}: ${todo}`,
        url: PAGES.spend,
      };
    }
    return {
      status: 'ok',
      name,
      text: `USD ${limit} a month (${which}); the expected month is ${month.text}`,
    };
  } catch (error) {
    return couldNotCheck(name, 'sms-voice:DescribeSpendLimits', error, PAGES.spend);
  }
}

/** The sender ID's line, and its ARN as DescribeSenderIds answers it (when the account has it). */
async function senderId(
  smsVoice: PinpointSMSVoiceV2Client,
  id: string,
): Promise<{ finding: Finding; arn?: string }> {
  const name = `sender ID ${id}`;
  const todo = `register it for Australia (AWS End User Messaging SMS > Registrations; from 1 July 2026 an ID missing from the ACMA register shows as "Unverified"), or deploy without -c smsSenderId`;
  const missing = {
    status: 'block',
    name,
    text: `not in this account for AU: ${todo}`,
    url: PAGES.senderId,
  } as const;
  try {
    const { SenderIds } = await smsVoice.send(
      new DescribeSenderIdsCommand({ SenderIds: [{ SenderId: id, IsoCountryCode: 'AU' }] }),
    );
    const found = SenderIds?.find((s) => s.SenderId === id && s.IsoCountryCode === 'AU');
    if (!found) return { finding: missing };
    const arn = found.SenderIdArn;
    if (!found.Registered) {
      return {
        arn,
        finding: {
          status: 'block',
          name,
          text: `requested for AU but not registered: ${todo}`,
          url: PAGES.senderId,
        },
      };
    }
    if (!found.MessageTypes?.includes('TRANSACTIONAL')) {
      return {
        arn,
        finding: {
          status: 'block',
          name,
          text: `registered for AU for ${found.MessageTypes?.join(', ') || 'no message type'} only: codes are TRANSACTIONAL, and SNS still answers a MessageId when the message is dropped. Request the sender ID with the TRANSACTIONAL message type`,
          url: PAGES.senderId,
        },
      };
    }
    return {
      arn,
      finding: { status: 'ok', name, text: 'registered for AU, transactional messages' },
    };
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return { finding: missing };
    return {
      finding: couldNotCheck(name, 'sms-voice:DescribeSenderIds', error, PAGES.senderId),
    };
  }
}

interface PolicyStatement {
  Effect?: string;
  Principal?: { Service?: string | string[]; AWS?: string | string[] } | string;
  NotPrincipal?: unknown;
  Action?: string | string[];
  NotAction?: string | string[];
  Condition?: unknown;
}

/** An IAM name pattern (`*` and `?`, case-insensitive, as for actions) matched against `name`. */
const matches = (pattern: string, name: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  ).test(name);

const SEND = 'sms-voice:SendTextMessage';

/** True when a statement's principal and action take in SNS sending a text message. */
function coversSnsSend(st: PolicyStatement): boolean {
  if (st.NotPrincipal !== undefined) return st.Effect === 'Deny';
  const principal =
    st.Principal === '*'
      ? true
      : typeof st.Principal === 'object' &&
        ([st.Principal.AWS ?? []].flat().includes('*') ||
          [st.Principal.Service ?? []].flat().includes('sns.amazonaws.com'));
  const action =
    st.NotAction !== undefined
      ? ![st.NotAction].flat().some((a) => matches(a, SEND))
      : [st.Action ?? []].flat().some((a) => matches(a, SEND));
  return principal && action;
}

/**
 * What a resource policy says about SNS sending with the resource: an explicit Deny wins over any
 * Allow (IAM's evaluation logic), so a Deny that takes in SNS's send refuses it; one with a
 * condition may, and is said as such.
 */
function snsVerdict(policyText: string | undefined): 'allowed' | 'denied' | 'conditional' | 'none' {
  if (!policyText) return 'none';
  let policy: { Statement?: unknown };
  try {
    policy = JSON.parse(policyText) as { Statement?: unknown };
  } catch {
    return 'none';
  }
  const statements = [policy.Statement ?? []].flat() as PolicyStatement[];
  const denies = statements.filter((st) => st.Effect === 'Deny' && coversSnsSend(st));
  if (denies.some((st) => st.Condition === undefined)) return 'denied';
  const allowed = statements.some((st) => st.Effect === 'Allow' && coversSnsSend(st));
  if (!allowed) return 'none';
  return denies.length > 0 ? 'conditional' : 'allowed';
}

/** The sender ID's resource policy: SNS may only send with an ID whose policy lets it. */
async function senderIdForSns(
  smsVoice: PinpointSMSVoiceV2Client,
  id: string,
  arn: string | undefined,
): Promise<Finding> {
  const name = `sender ID ${id} for SNS`;
  if (!arn) {
    return {
      status: 'block',
      name,
      text: 'not checked: DescribeSenderIds gave no ARN for it (see the sender ID line); run the preflight again once the sender ID is in the account',
      url: PAGES.snsForSenderId,
    };
  }
  const todo = `give it a resource policy that allows the service principal sns.amazonaws.com sms-voice:SendTextMessage and denies it nothing (aws pinpoint-sms-voice-v2 put-resource-policy --resource-arn ${arn} ...); without it SNS answers with a MessageId and the code never leaves`;
  try {
    const { Policy } = await smsVoice.send(new GetResourcePolicyCommand({ ResourceArn: arn }));
    const verdict = snsVerdict(Policy);
    if (verdict === 'denied') {
      return {
        status: 'block',
        name,
        text: `its resource policy denies SNS sms-voice:SendTextMessage (a Deny outweighs every Allow): ${todo}`,
        url: PAGES.snsForSenderId,
      };
    }
    if (verdict === 'none') {
      return {
        status: 'block',
        name,
        text: `its resource policy does not let SNS use it: ${todo}`,
        url: PAGES.snsForSenderId,
      };
    }
    if (verdict === 'conditional') {
      return {
        status: 'todo',
        name,
        text: 'its resource policy lets SNS send, but a Deny with a condition also takes in SNS sms-voice:SendTextMessage: read the condition and make sure it never holds for SNS',
        url: PAGES.snsForSenderId,
      };
    }
    return { status: 'ok', name, text: 'its resource policy lets SNS send text messages with it' };
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') {
      return {
        status: 'block',
        name,
        text: `no resource policy: ${todo}`,
        url: PAGES.snsForSenderId,
      };
    }
    return couldNotCheck(name, 'sms-voice:GetResourcePolicy', error, PAGES.snsForSenderId);
  }
}

/** The sender ID's two lines: DescribeSenderIds, then the policy of the ARN it answers. */
async function senderIdChecks(smsVoice: PinpointSMSVoiceV2Client, id: string): Promise<Finding[]> {
  const { finding, arn } = await senderId(smsVoice, id);
  return [finding, await senderIdForSns(smsVoice, id, arn)];
}

/** A phone number as a line may show it: the last three digits only. */
const maskPhone = (phone: string) => phone.replace(/\d(?=\d{3})/g, 'x');

/** While in the sandbox: the verified numbers, the only ones a first test code can reach. */
async function sandboxNumbers(sns: SNSClient, region: string): Promise<Finding> {
  const name = 'SMS sandbox numbers';
  try {
    const verified: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await sns.send(new ListSMSSandboxPhoneNumbersCommand({ NextToken }));
      for (const number of page.PhoneNumbers ?? []) {
        if (number.Status === 'Verified' && number.PhoneNumber) verified.push(number.PhoneNumber);
      }
      NextToken = page.NextToken;
    } while (NextToken);
    if (verified.length === 0) {
      return {
        status: 'todo',
        name,
        text: `no verified number in ${region}: a first test code reaches only verified numbers while in the sandbox; add your mobile (SNS console > Text messaging (SMS) > Sandbox destination phone numbers)`,
        url: PAGES.sandboxNumbers,
      };
    }
    return {
      status: 'ok',
      name,
      text: `${verified.length} verified (${verified.map(maskPhone).join(', ')}): a first test code can go to ${verified.length === 1 ? 'it' : 'them'}`,
    };
  } catch (error) {
    return couldNotCheck(name, 'sns:ListSMSSandboxPhoneNumbers', error, PAGES.sandboxNumbers);
  }
}

/** This deployment's stacks left in a failed state in a region: the next deploy stops on them. */
async function failedStacks(
  cloudformation: CloudFormationClient,
  region: string,
  ours: readonly string[],
): Promise<Finding> {
  const name = `failed stacks (${region})`;
  try {
    const failed: { name: string; status: string }[] = [];
    let NextToken: string | undefined;
    do {
      const page = await cloudformation.send(
        new ListStacksCommand({ StackStatusFilter: [...FAILED_STACK_STATES], NextToken }),
      );
      for (const stack of page.StackSummaries ?? []) {
        if (stack.StackName && ours.includes(stack.StackName)) {
          failed.push({ name: stack.StackName, status: String(stack.StackStatus) });
        }
      }
      NextToken = page.NextToken;
    } while (NextToken);
    if (failed.length > 0) {
      return {
        status: 'block',
        name,
        text: `${failed.map((f) => `${f.name} is ${f.status}`).join('; ')}: the next deploy stops on it. Read its Events tab, clear what held it (docs/deploy.md, "A failed deploy"), then aws cloudformation delete-stack --stack-name ${failed[0]!.name} --region ${region}`,
        url: PAGES.failedStack,
      };
    }
    return { status: 'ok', name, text: `none of ${ours.join(', ')} is in a failed state` };
  } catch (error) {
    return couldNotCheck(name, 'cloudformation:ListStacks', error, PAGES.failedStack);
  }
}

/** The account base a shop imports from (infra/base-stack.ts): a shop's deploy fails without it. */
async function accountBase(cloudformation: CloudFormationClient, region: string): Promise<Finding> {
  const name = 'account base';
  const todo = `deploy it first, once for the account and region: npm run deploy:base -- -c region=${region} -c alarmEmail=<address>`;
  try {
    const { Stacks } = await cloudformation.send(
      new DescribeStacksCommand({ StackName: BASE_STACK_NAME }),
    );
    const status = String(Stacks?.[0]?.StackStatus ?? 'missing');
    if (!/_COMPLETE$/.test(status) || /^(DELETE|ROLLBACK)_COMPLETE$/.test(status)) {
      return {
        status: 'block',
        name,
        text: `${BASE_STACK_NAME} is ${status} in ${region}: a shop imports its CloudFront headers policy, functions and origin access control and its web ACLs. ${todo.charAt(0).toUpperCase()}${todo.slice(1)}`,
        url: PAGES.failedStack,
      };
    }
    return { status: 'ok', name, text: `${BASE_STACK_NAME} is ${status} in ${region}` };
  } catch (error) {
    // CloudFormation answers a stack that does not exist with a ValidationError.
    if (errorName(error) === 'ValidationError') {
      return {
        status: 'block',
        name,
        text: `no ${BASE_STACK_NAME} in ${region}: a shop's deploy fails without it (it imports the CloudFront headers policy, functions and origin access control and the web ACLs); ${todo}`,
        url: PAGES.failedStack,
      };
    }
    return couldNotCheck(name, 'cloudformation:DescribeStacks', error, PAGES.failedStack);
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

/** The findings as lines, with the summary line and the exit code it means. */
function summary(findings: readonly Finding[]): { lines: string[]; exitCode: number } {
  const lines = findings.map(
    (f) => `${LABEL[f.status]} ${f.name}: ${f.text}${f.url ? ` (${f.url})` : ''}`,
  );
  const count = (status: Status) => findings.filter((f) => f.status === status).length;
  const [blocks, unknown, todo] = [count('block'), count('unknown'), count('todo')];
  const blocked = blocks + unknown > 0;
  lines.push(
    `${LABEL[blocked ? 'block' : 'ok']} summary: ${blocks} blocking (FAIL), ${unknown} not checked ([??]), ${todo} to do before go-live (todo)${blocked ? ': fix the FAIL and [??] lines, then run the preflight again' : ': nothing blocks the deploy or the first code'}`,
  );
  return { lines, exitCode: blocked ? 1 : 0 };
}

/** The alarm address as given (`given`) and as the deployment reads it. */
function alarmFinding(given: string | undefined, config: DeployConfig): Finding {
  return given === undefined
    ? {
        status: 'block',
        name: 'alarm address',
        text: `none given: the deploy refuses to start without -c alarmEmail=<address> (who is told when codes stop arriving or spend climbs), or -c alarmEmail=${NO_ALARM_EMAIL} to tell nobody`,
        url: PAGES.alarms,
      }
    : config.alarmEmail === undefined
      ? {
          status: 'todo',
          name: 'alarm address',
          text: `${NO_ALARM_EMAIL}: the alarms will notify nobody; subscribe someone to the alarm topic after the deploy, or deploy with -c alarmEmail=<address>`,
          url: PAGES.alarms,
        }
      : {
          status: 'ok',
          name: 'alarm address',
          text: `${config.alarmEmail} (confirm the subscription from the e-mail SNS sends after the deploy)`,
        };
}

/** Credentials that could not be used: none at all, or a refusal that says nothing more. */
function credentialsRefused(error: unknown): Finding {
  const kind = errorName(error);
  return NO_CREDENTIALS.has(kind) || !(ACCESS_DENIED.has(kind) || THROTTLED.has(kind))
    ? {
        status: 'block',
        name: 'credentials',
        text: `no usable AWS credentials (${kind}): run aws configure or aws sso login, or set AWS_PROFILE, then run the preflight again`,
        url: PAGES.credentials,
      }
    : couldNotCheck('credentials', 'sts:GetCallerIdentity', error, PAGES.credentials);
}

/** Runs every check for the deployment `argv` describes; returns the lines and the exit code. */
export async function preflight(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  clientsFor: (region: string) => PreflightClients,
): Promise<{ lines: string[]; exitCode: number }> {
  const findings: Finding[] = [];
  const report = () => summary(findings);

  let config: DeployConfig;
  let alarm: Finding;
  try {
    const context = parseContext(argv);
    // A missing alarm address is said here first (the deploy refuses it too), and every other
    // check still runs.
    const given = context.alarmEmail;
    config = readDeployConfig(
      (key) => (key === 'alarmEmail' ? (given ?? NO_ALARM_EMAIL) : context[key]),
      env,
    );
    alarm = alarmFinding(given, config);
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
  findings.push(alarm);

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
    findings.push(credentialsRefused(error));
    // Every other check would fail the same way.
    return report();
  }

  // Only the account base has a us-east-1 part (the CloudFront web ACL): a shop's one stack is in
  // its region.
  const checks = await Promise.all([
    bootstrap(clients.ssm, account, config.region),
    ...(config.base && config.region !== CLOUDFRONT_REGION
      ? [bootstrap(clients.ssmUsEast1, account, CLOUDFRONT_REGION)]
      : []),
    failedStacks(clients.cloudformation, config.region, [
      config.base ? BASE_STACK_NAME : deploymentStackNames(config.shop).main,
    ]),
    ...(config.base ? [] : [accountBase(clients.cloudformation, config.region)]),
    ...(config.base
      ? [
          failedStacks(clients.cloudformationUsEast1, CLOUDFRONT_REGION, [
            baseEdgeStackName(config.region),
          ]),
        ]
      : []),
    lambdaConcurrency(clients.lambda),
    smsSandbox(clients.sns, config.region),
    messagingSpendLimit(clients.smsVoice, config),
    snsSpendLimit(clients.sns, config),
    ...(config.smsSenderId ? [senderIdChecks(clients.smsVoice, config.smsSenderId)] : []),
    cognitoReachable(clients.cognito),
    cloudfrontReachable(clients.cloudfront),
  ]);
  for (const finding of checks.flat()) {
    findings.push(finding);
    // In the sandbox, the numbers a first test code can reach.
    if (finding.name === 'SNS SMS sandbox' && finding.status === 'block') {
      findings.push(await sandboxNumbers(clients.sns, config.region));
    }
  }
  return report();
}
