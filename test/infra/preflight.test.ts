/**
 * The deploy preflight (infra/preflight/preflight.ts) against mocked accounts: every check's
 * answers (ok, the problem it looks for, access denied, throttled, network), one line each, and
 * the exit code (1 when something blocks a deploy or stops SMS, or could not be checked).
 */
import { ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import { ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import {
  DescribeSenderIdsCommand,
  DescribeSpendLimitsCommand,
  GetResourcePolicyCommand,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import {
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  ListSMSSandboxPhoneNumbersCommand,
} from '@aws-sdk/client-sns';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { preflight } from '../../infra/preflight/preflight';
import capacity from '../../docs/capacity.json' with { type: 'json' };
import { SMS_PRICE_USD_DEFAULT } from '@shared/constants';
import { ParameterNotFound } from '@aws-sdk/client-ssm';
import { ResourceNotFoundException } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { DescribeStacksCommand, ListStacksCommand } from '@aws-sdk/client-cloudformation';
import { EXPECTED_VISITORS_PER_MONTH_DEFAULT } from '../../infra/deploy-config';
import {
  ACCOUNT,
  mockedAccount,
  readyAccount,
  sampleOutput,
  SENDER_ID_ARN,
  textSpendLimit,
  type Stubs,
} from './preflight-accounts';

const BASE = ['-c', 'region=ap-southeast-2', '-c', 'alarmEmail=ops@agency.example'];
const { clientsFor, stubs } = mockedAccount();
// Every test starts from the ready account and changes what it is about.
beforeEach(() => readyAccount(stubs));

const run = (args: string[] = [], env: Record<string, string> = {}) =>
  preflight([...BASE, ...args], env, clientsFor);
const error = (name: string, message = name) => Object.assign(new Error(message), { name });
const network = () =>
  Object.assign(new Error('getaddrinfo ENOTFOUND sns.ap-southeast-2.amazonaws.com'), {
    code: 'ENOTFOUND',
  });

/** The line of one check, by its name. */
const lineOf = (lines: string[], name: string) => {
  const found = lines.filter((l) => l.slice(7).startsWith(`${name}:`));
  expect(found, `one line for ${name} in\n${lines.join('\n')}`).toHaveLength(1);
  return found[0]!;
};

interface CheckCase {
  name: string;
  stub: keyof Stubs;
  command: Parameters<Stubs['sts']['on']>[0];
  /** Extra options the check needs to run. */
  args?: string[];
  /** What the account must be like for the check to run. */
  setup?: () => void;
}

/** The account in the SMS sandbox (the sandbox numbers are read only then). */
const inSandbox = () =>
  stubs.sns.on(GetSMSSandboxAccountStatusCommand).resolves({ IsInSandbox: true });

const CHECKS: CheckCase[] = [
  { name: 'CDK bootstrap (ap-southeast-2)', stub: 'ssm', command: GetParameterCommand },
  {
    name: 'CDK bootstrap (us-east-1)',
    stub: 'ssmUsEast1',
    command: GetParameterCommand,
    args: ['-c', 'base=true'],
  },
  { name: 'Lambda concurrency', stub: 'lambda', command: GetAccountSettingsCommand },
  { name: 'SNS SMS sandbox', stub: 'sns', command: GetSMSSandboxAccountStatusCommand },
  {
    name: 'SMS sandbox numbers',
    stub: 'sns',
    command: ListSMSSandboxPhoneNumbersCommand,
    setup: inSandbox,
  },
  { name: 'SNS SMS spend limit', stub: 'sns', command: GetSMSAttributesCommand },
  {
    name: 'End User Messaging SMS spend limit',
    stub: 'smsVoice',
    command: DescribeSpendLimitsCommand,
  },
  {
    name: 'sender ID SpinWin',
    stub: 'smsVoice',
    command: DescribeSenderIdsCommand,
    args: ['-c', 'smsSenderId=SpinWin'],
  },
  {
    name: 'sender ID SpinWin for SNS',
    stub: 'smsVoice',
    command: GetResourcePolicyCommand,
    args: ['-c', 'smsSenderId=SpinWin'],
  },
  { name: 'failed stacks (ap-southeast-2)', stub: 'cloudformation', command: ListStacksCommand },
  { name: 'account base', stub: 'cloudformation', command: DescribeStacksCommand },
  {
    name: 'failed stacks (us-east-1)',
    stub: 'cloudformationUsEast1',
    command: ListStacksCommand,
    args: ['-c', 'base=true'],
  },
  { name: 'Cognito', stub: 'cognito', command: ListUserPoolsCommand },
  { name: 'CloudFront', stub: 'cloudfront', command: ListDistributionsCommand },
];

describe('preflight: a ready account', () => {
  it('prints one ok line per check and exits 0', async () => {
    const { lines, exitCode } = await run(['-c', 'waf=true', '-c', 'smsSenderId=SpinWin']);
    expect(exitCode).toBe(0);
    expect(lines.map((l) => l.slice(0, 6))).toEqual(Array(lines.length).fill('[ok]  '));
    expect(lines[0]).toBe('[ok]   region: ap-southeast-2 (from -c region)');
    expect(lines[1]).toMatch(/^\[ok\] {3}alarm address: ops@agency\.example/);
    expect(lines[2]).toBe(
      `[ok]   credentials: account ${ACCOUNT} as arn:aws:iam::${ACCOUNT}:user/agency-deployer`,
    );
    // Out of the sandbox, its numbers are not asked for; the us-east-1 checks are the base's.
    const shopChecks = CHECKS.filter((c) => !c.args?.includes('base=true'));
    for (const check of shopChecks.filter((c) => c.setup !== inSandbox)) lineOf(lines, check.name);
    expect(lines).toHaveLength(3 + shopChecks.length - 1 + 1);
    expect(lines.at(-1)).toBe(
      '[ok]   summary: 0 blocking (FAIL), 0 not checked ([??]), 0 to do before go-live (todo): nothing blocks the deploy or the first code',
    );
  });

  it("asks for us-east-1's bootstrap only for the account base (its CloudFront web ACL), and the sender ID only when one is set", async () => {
    const { lines } = await run(['-c', 'waf=true']);
    expect(lines.some((l) => l.includes('CDK bootstrap (us-east-1)'))).toBe(false);
    expect(lines.some((l) => l.includes('sender ID'))).toBe(false);
    expect(stubs.ssmUsEast1.commandCalls(GetParameterCommand)).toHaveLength(0);
  });
});

describe.each(CHECKS)('preflight check: $name', (check) => {
  it.each([
    [
      'access denied',
      () => error('AccessDeniedException', 'User is not authorized'),
      /could not check: these credentials may not call \S+ \(AccessDeniedException\)/,
    ],
    [
      'throttled',
      () => error('ThrottlingException', 'Rate exceeded'),
      /could not check: \S+ was throttled \(ThrottlingException\): run the preflight again/,
    ],
    [
      'unreachable',
      network,
      /could not check: \S+ failed \(ENOTFOUND: getaddrinfo ENOTFOUND [^)]+\): check the network/,
    ],
  ])('%s: one "could not check" line and exit 1', async (_kind, fault, text) => {
    check.setup?.();
    stubs[check.stub].on(check.command).rejects(fault());
    const { lines, exitCode } = await run(check.args);
    const line = lineOf(lines, check.name);
    expect(line.startsWith('[??]')).toBe(true);
    expect(line).toMatch(text);
    expect(line).toMatch(/\(https:\/\/docs\.aws\.amazon\.com\/[^ ]+\)$/);
    expect(line).not.toMatch(/\n|\s+at /);
    expect(exitCode).toBe(1);
  });
});

describe('preflight: what each check finds wrong', () => {
  it('an unbootstrapped region blocks (and us-east-1 for the account base), with the bootstrap command', async () => {
    const missing = new ParameterNotFound({ message: 'Parameter not found', $metadata: {} });
    stubs.ssm.on(GetParameterCommand).rejects(missing);
    stubs.ssmUsEast1.on(GetParameterCommand).rejects(missing);
    const { lines, exitCode } = await run(['-c', 'base=true']);
    expect(lineOf(lines, 'CDK bootstrap (ap-southeast-2)')).toBe(
      `[FAIL] CDK bootstrap (ap-southeast-2): not bootstrapped: run npx cdk bootstrap aws://${ACCOUNT}/ap-southeast-2 (https://docs.aws.amazon.com/cdk/v2/guide/bootstrapping.html)`,
    );
    expect(lineOf(lines, 'CDK bootstrap (us-east-1)')).toContain(
      `run npx cdk bootstrap aws://${ACCOUNT}/us-east-1`,
    );
    expect(exitCode).toBe(1);
  });

  it('an old bootstrap version blocks', async () => {
    stubs.ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '5' } });
    const { lines, exitCode } = await run();
    expect(lineOf(lines, 'CDK bootstrap (ap-southeast-2)')).toMatch(
      /^\[FAIL\] .*bootstrap version 5 is older than the 6/,
    );
    expect(exitCode).toBe(1);
  });

  it("low Lambda concurrency is a todo with the capacity doc's figure, not a blocker", async () => {
    stubs.lambda
      .on(GetAccountSettingsCommand)
      .resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    const { lines, exitCode } = await run();
    const line = lineOf(lines, 'Lambda concurrency');
    expect(line.startsWith('[todo]')).toBe(true);
    expect(line).toContain(
      `may run 10 functions at once; a viral hour's peak needs about ${Math.ceil(capacity.lambdaConcurrencyAtPeak)}`,
    );
    expect(exitCode).toBe(0);
  });

  it('the SMS sandbox blocks: codes would reach verified numbers only', async () => {
    stubs.sns.on(GetSMSSandboxAccountStatusCommand).resolves({ IsInSandbox: true });
    const { lines, exitCode } = await run();
    expect(lineOf(lines, 'SNS SMS sandbox')).toMatch(/^\[FAIL\] .*in the SMS sandbox/);
    expect(exitCode).toBe(1);
  });

  it('an SNS spend limit below the expected month blocks, with the month worked out', async () => {
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '1' } });
    const month =
      EXPECTED_VISITORS_PER_MONTH_DEFAULT * capacity.smsPerVisitor * SMS_PRICE_USD_DEFAULT;
    const { lines, exitCode } = await run();
    const line = lineOf(lines, 'SNS SMS spend limit');
    expect(line).toMatch(
      /^\[FAIL\] SNS SMS spend limit: USD 1 a month \(about 19 codes\); the expected month is USD /,
    );
    expect(line).toContain(
      `USD ${month.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}: 10,000 visitors a month (the default; -c expectedVisitors=N)`,
    );
    expect(exitCode).toBe(1);
    // The agency's own expected visitors, with the deploy's SMS price.
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(1));
    const small = await run([
      '-c',
      'expectedVisitors=10',
      '-c',
      'smsPriceUsd=0.05',
      '-c',
      'smsMonthlySpendAlarmUsd=0.8',
    ]);
    expect(lineOf(small.lines, 'SNS SMS spend limit')).toMatch(
      /^\[ok\] {3}SNS SMS spend limit: USD 1 a month; the expected month is USD 0\.50: 10 visitors a month x /,
    );
    expect(small.exitCode).toBe(0);
  });

  it('expectedVisitors is visitors a month: a healthy account is not told to raise its quota to a viral hour', async () => {
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '600' } });
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(600));
    const { lines, exitCode } = await run();
    expect(lineOf(lines, 'SNS SMS spend limit')).toMatch(/^\[ok\]/);
    expect(lines.join('\n')).not.toContain('5,150');
    expect(exitCode).toBe(0);
  });

  it('a limit not above the spend alarm is a todo', async () => {
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '50' } });
    const { lines, exitCode } = await run(['-c', 'expectedVisitors=10']);
    expect(lineOf(lines, 'SNS SMS spend limit')).toMatch(
      /^\[todo\] .*not above the SmsSpend alarm \(USD 50\)/,
    );
    expect(exitCode).toBe(0);
  });

  it("End User Messaging's spend limit below the expected month blocks, with the account's maximum", async () => {
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(1, 1));
    const { lines, exitCode } = await run();
    expect(lineOf(lines, 'End User Messaging SMS spend limit')).toMatch(
      /^\[FAIL\] End User Messaging SMS spend limit: USD 1 a month \(the account's maximum, no limit of its own set; about 19 codes\); the expected month is USD 515\.00.*request a spend limit increase/,
    );
    expect(exitCode).toBe(1);
  });

  it('a sender ID not cleared for transactional messages blocks (Publish would still answer a MessageId)', async () => {
    stubs.smsVoice.on(DescribeSenderIdsCommand).resolves({
      SenderIds: [
        {
          SenderId: 'SpinWin',
          IsoCountryCode: 'AU',
          SenderIdArn: SENDER_ID_ARN,
          MessageTypes: ['PROMOTIONAL'],
          MonthlyLeasingPrice: '0',
          DeletionProtectionEnabled: false,
          Registered: true,
        },
      ],
    });
    const { lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']);
    expect(lineOf(lines, 'sender ID SpinWin')).toMatch(
      /^\[FAIL\] .*for PROMOTIONAL only: codes are TRANSACTIONAL/,
    );
    expect(exitCode).toBe(1);
  });

  it('a sender ID whose resource policy does not let SNS use it blocks; so does none', async () => {
    stubs.smsVoice.on(DescribeSenderIdsCommand).resolves(senderIdAnswer(SENDER_ID_ARN));
    stubs.smsVoice.on(GetResourcePolicyCommand).resolves({
      ResourceArn: SENDER_ID_ARN,
      Policy: JSON.stringify({
        Statement: [
          { Effect: 'Allow', Principal: { AWS: ACCOUNT }, Action: 'sms-voice:SendTextMessage' },
        ],
      }),
    });
    let { lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']);
    expect(lineOf(lines, 'sender ID SpinWin for SNS')).toMatch(
      /^\[FAIL\] .*does not let SNS use it: .*sns\.amazonaws\.com sms-voice:SendTextMessage/,
    );
    expect(exitCode).toBe(1);
    expect(stubs.smsVoice.commandCalls(GetResourcePolicyCommand)[0]!.args[0].input).toEqual({
      ResourceArn: SENDER_ID_ARN,
    });
    stubs.smsVoice
      .on(GetResourcePolicyCommand)
      .rejects(new ResourceNotFoundException({ message: 'no policy', $metadata: {} } as never));
    ({ lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']));
    expect(lineOf(lines, 'sender ID SpinWin for SNS')).toMatch(/^\[FAIL\] .*no resource policy/);
    expect(exitCode).toBe(1);
  });

  it('in the sandbox, lists the verified numbers (masked) a first test code can reach; none is a todo', async () => {
    inSandbox();
    stubs.sns.on(ListSMSSandboxPhoneNumbersCommand).resolves({
      PhoneNumbers: [
        { PhoneNumber: '+61412345678', Status: 'Verified' },
        { PhoneNumber: '+61498765432', Status: 'Pending' },
      ],
    });
    let { lines } = await run();
    expect(lineOf(lines, 'SMS sandbox numbers')).toBe(
      '[ok]   SMS sandbox numbers: 1 verified (+xxxxxxxx678): a first test code can go to it',
    );
    expect(lines.join('\n')).not.toMatch(/412345|498765/);
    stubs.sns.on(ListSMSSandboxPhoneNumbersCommand).resolves({ PhoneNumbers: [] });
    ({ lines } = await run());
    expect(lineOf(lines, 'SMS sandbox numbers')).toMatch(/^\[todo\] .*no verified number/);
  });

  it("finds this deployment's stacks left in a failed state, in the region and (the base's) in us-east-1", async () => {
    stubs.cloudformation.on(ListStacksCommand).resolves({
      StackSummaries: [
        { StackName: 'SpinWin-joes', StackStatus: 'ROLLBACK_FAILED', CreationTime: new Date() },
        { StackName: 'SomeoneElse', StackStatus: 'DELETE_FAILED', CreationTime: new Date() },
      ],
    });
    stubs.cloudformationUsEast1.on(ListStacksCommand).resolves({
      StackSummaries: [
        {
          StackName: 'SpinWinBaseEdge-ap-southeast-2',
          StackStatus: 'DELETE_FAILED',
          CreationTime: new Date(),
        },
      ],
    });
    const { lines, exitCode } = await run(['-c', 'shop=joes']);
    expect(lineOf(lines, 'failed stacks (ap-southeast-2)')).toMatch(
      /^\[FAIL\] .*SpinWin-joes is ROLLBACK_FAILED: the next deploy stops on it.*delete-stack --stack-name SpinWin-joes --region ap-southeast-2/,
    );
    expect(lineOf(lines, 'failed stacks (ap-southeast-2)')).not.toContain('SomeoneElse');
    const base = await run(['-c', 'base=true']);
    expect(lineOf(base.lines, 'failed stacks (us-east-1)')).toMatch(
      /^\[FAIL\] .*SpinWinBaseEdge-ap-southeast-2 is DELETE_FAILED/,
    );
    expect(
      stubs.cloudformation.commandCalls(ListStacksCommand)[0]!.args[0].input.StackStatusFilter,
    ).toEqual(
      expect.arrayContaining(['ROLLBACK_FAILED', 'DELETE_FAILED', 'UPDATE_ROLLBACK_FAILED']),
    );
    expect(exitCode).toBe(1);
  });

  it('says first that the alarm address is missing, runs every other check, and counts what blocks', async () => {
    const { lines, exitCode } = await preflight(
      ['-c', 'region=ap-southeast-2', '-c', 'expectedVisitors=10'],
      {},
      clientsFor,
    );
    expect(lines[1]).toMatch(
      /^\[FAIL\] alarm address: none given: the deploy refuses to start without -c alarmEmail=<address>.*-c alarmEmail=none/,
    );
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.at(-1)).toBe(
      '[FAIL] summary: 1 blocking (FAIL), 0 not checked ([??]), 0 to do before go-live (todo): fix the FAIL and [??] lines, then run the preflight again',
    );
    expect(exitCode).toBe(1);
    const none = await run(['-c', 'alarmEmail=none']);
    expect(lineOf(none.lines, 'alarm address')).toMatch(
      /^\[todo\] alarm address: none: the alarms will notify nobody/,
    );
  });

  it('a sender ID not in the account, or not registered, blocks', async () => {
    stubs.smsVoice
      .on(DescribeSenderIdsCommand)
      .rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} } as never));
    let { lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']);
    expect(lineOf(lines, 'sender ID SpinWin')).toMatch(/^\[FAIL\] .*not in this account for AU/);
    expect(exitCode).toBe(1);
    stubs.smsVoice.on(DescribeSenderIdsCommand).resolves({
      SenderIds: [
        {
          SenderId: 'SpinWin',
          IsoCountryCode: 'AU',
          SenderIdArn: 'arn',
          MessageTypes: ['TRANSACTIONAL'],
          MonthlyLeasingPrice: '0',
          DeletionProtectionEnabled: false,
          Registered: false,
        },
      ],
    });
    ({ lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']));
    expect(lineOf(lines, 'sender ID SpinWin')).toMatch(/^\[FAIL\] .*not registered.*Unverified/);
    expect(exitCode).toBe(1);
  });

  it('a shop without the account base blocks, with the command that deploys it; the base itself is not asked for', async () => {
    stubs.cloudformation.on(DescribeStacksCommand).rejects(
      Object.assign(new Error('Stack with id SpinWinBase does not exist'), {
        name: 'ValidationError',
      }),
    );
    const { lines, exitCode } = await run(['-c', 'shop=joes']);
    expect(lineOf(lines, 'account base')).toMatch(
      /^\[FAIL\] account base: no SpinWinBase in ap-southeast-2: .*npm run deploy:base -- -c region=ap-southeast-2/,
    );
    expect(exitCode).toBe(1);
    const base = await run(['-c', 'base=true']);
    expect(base.lines.some((l) => l.includes('account base'))).toBe(false);
  });

  it('a CloudFront account without distributions prints the verification step (a todo)', async () => {
    stubs.cloudfront.on(ListDistributionsCommand).resolves({
      DistributionList: { Quantity: 0, MaxItems: 1, Marker: '', IsTruncated: false },
    });
    const { lines, exitCode } = await run();
    expect(lineOf(lines, 'CloudFront')).toMatch(
      /^\[todo\] .*must be verified by AWS Support before its first one/,
    );
    expect(exitCode).toBe(0);
  });
});

describe('preflight: credentials and region', () => {
  it('without credentials: one clear line, nothing else asked, exit 1', async () => {
    stubs.sts
      .on(GetCallerIdentityCommand)
      // What the SDK's credential chain throws when it finds nothing.
      .rejects(error('CredentialsProviderError', 'Could not load credentials from any providers'));
    const { lines, exitCode } = await run();
    expect(lines.slice(0, -1)).toEqual([
      '[ok]   region: ap-southeast-2 (from -c region)',
      expect.stringMatching(/^\[ok\] {3}alarm address: /),
      '[FAIL] credentials: no usable AWS credentials (CredentialsProviderError): run aws configure or aws sso login, or set AWS_PROFILE, then run the preflight again (https://docs.aws.amazon.com/cli/latest/userguide/cli-chap-authentication.html)',
    ]);
    expect(stubs.ssm.calls()).toHaveLength(0);
    expect(exitCode).toBe(1);
  });

  it('expired credentials read the same way; a throttled STS says to run again', async () => {
    stubs.sts.on(GetCallerIdentityCommand).rejects(error('ExpiredToken'));
    expect((await run()).lines[2]).toMatch(
      /^\[FAIL\] credentials: no usable AWS credentials \(ExpiredToken\)/,
    );
    stubs.sts.on(GetCallerIdentityCommand).rejects(error('Throttling'));
    expect((await run()).lines[2]).toMatch(
      /^\[\?\?\] {3}credentials: could not check: .*throttled/,
    );
  });

  it('refuses to guess a region: one line, no AWS call, exit 1', async () => {
    const { lines, exitCode } = await preflight([], {}, clientsFor);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[FAIL\] region: No region: pass -c region=<region>.*AWS_REGION/);
    expect(lines[1]).toMatch(/^\[FAIL\] summary: 1 blocking/);
    expect(stubs.sts.calls()).toHaveLength(0);
    expect(exitCode).toBe(1);
    const fromEnv = await preflight(
      ['-c', 'alarmEmail=ops@agency.example'],
      { AWS_REGION: 'ap-southeast-2' },
      clientsFor,
    );
    expect(fromEnv.lines[0]).toBe('[ok]   region: ap-southeast-2 (from AWS_REGION)');
  });

  it('takes the deploy options as -c key=value and refuses anything else, in one line', async () => {
    const bad = await preflight(['--region', 'ap-southeast-2'], {}, clientsFor);
    expect(bad.lines).toEqual([
      '[FAIL] options: Unexpected argument "--region": pass options as -c key=value, as for the deploy (npm run preflight -- -c region=ap-southeast-2).',
      expect.stringMatching(/^\[FAIL\] summary: 1 blocking/),
    ]);
    const badOption = await run(['-c', 'smsSenderId=X']);
    expect(badOption.lines).toEqual([
      expect.stringMatching(/^\[FAIL\] options: .*smsSenderId must be 3-11/),
      expect.stringMatching(/^\[FAIL\] summary: 1 blocking/),
    ]);
    expect(badOption.exitCode).toBe(1);
  });
});

/** DescribeSenderIds' answer for SpinWin in AU, registered for transactional messages. */
function senderIdAnswer(arn: string) {
  return {
    SenderIds: [
      {
        SenderId: 'SpinWin',
        IsoCountryCode: 'AU',
        SenderIdArn: arn,
        MessageTypes: ['TRANSACTIONAL' as const],
        MonthlyLeasingPrice: '0.00',
        DeletionProtectionEnabled: false,
        Registered: true,
      },
    ],
  };
}

/**
 * Each answer shaped as the API reference documents it, the reference's words quoted: these are the
 * readings an earlier preflight got wrong (a false FAIL on a raised account, a limit read without
 * `Overridden`, an ARN built by hand, a Deny ignored).
 */
describe('preflight: AWS read as AWS means it', () => {
  it('an unset SNS MonthlySpendLimit is the account maximum, not USD 1: a raised account passes', async () => {
    // SNS API Reference, SetSMSAttributes, MonthlySpendLimit: "By default, the spend limit is set
    // to the maximum allowed by Amazon SNS." GetSMSAttributes answers only the attributes set.
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: {} });
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(0, 10_000, false));
    const { lines, exitCode } = await run();
    expect(lineOf(lines, 'SNS SMS spend limit')).toMatch(
      /^\[ok\] {3}SNS SMS spend limit: not set, so SNS may spend up to the account's maximum \(the SetSMSAttributes default\), which the End User Messaging line checks/,
    );
    expect(exitCode).toBe(0);
    // A new account's maximum is the sandbox's USD 1: the End User Messaging line says so, once.
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(1, 1, false));
    const fresh = await run();
    expect(lineOf(fresh.lines, 'SNS SMS spend limit')).toMatch(/^\[ok\]/);
    expect(lineOf(fresh.lines, 'End User Messaging SMS spend limit')).toMatch(
      /^\[FAIL\] .*USD 1 a month/,
    );
    expect(fresh.exitCode).toBe(1);
  });

  it("End User Messaging's limit in force is Overridden ? EnforcedLimit : MaxLimit", async () => {
    // End User Messaging SMS API Reference, SpendLimit: EnforcedLimit "has to be less than or equal
    // to the amount in MaxLimit. To use this custom limit, Overridden must be set to true";
    // Overridden: "When set to True, the value that has been specified in the EnforcedLimit is used".
    // Every field is "Required: Yes", so an account that set nothing still answers an EnforcedLimit.
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(0, 10_000, false));
    let { lines, exitCode } = await run();
    expect(lineOf(lines, 'End User Messaging SMS spend limit')).toMatch(
      /^\[ok\] {3}End User Messaging SMS spend limit: USD 10000 a month \(the account's maximum, no limit of its own set\)/,
    );
    expect(exitCode).toBe(0);
    // Overridden: the agency's own limit is in force, below the month: raise it towards the maximum.
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(100, 10_000, true));
    ({ lines, exitCode } = await run());
    expect(lineOf(lines, 'End User Messaging SMS spend limit')).toMatch(
      /^\[FAIL\] .*USD 100 a month \(a limit of its own set below the account's USD 10000; about 1941 codes\).*raise the limit towards USD 10000/,
    );
    expect(exitCode).toBe(1);
  });

  it("the sender ID's policy is read at the ARN DescribeSenderIds answers, not one built by hand", async () => {
    // End User Messaging SMS API Reference, SenderIdInformation: SenderIdArn, "The Amazon Resource
    // Name (ARN) associated with the SenderId" (Required: Yes). GetResourcePolicy takes a ResourceArn.
    const answered = `arn:aws-us-gov:sms-voice:us-gov-west-1:${ACCOUNT}:sender-id/SpinWin/AU`;
    stubs.smsVoice.on(DescribeSenderIdsCommand).resolves(senderIdAnswer(answered));
    await run(['-c', 'smsSenderId=SpinWin']);
    expect(stubs.smsVoice.commandCalls(GetResourcePolicyCommand)[0]!.args[0].input).toEqual({
      ResourceArn: answered,
    });
    // No sender ID in the account: no ARN, so no policy is asked for, and the line says why.
    stubs.smsVoice.reset();
    stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(10_000));
    stubs.smsVoice
      .on(DescribeSenderIdsCommand)
      .rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} } as never));
    const { lines } = await run(['-c', 'smsSenderId=SpinWin']);
    expect(lineOf(lines, 'sender ID SpinWin for SNS')).toMatch(
      /^\[FAIL\] .*not checked: DescribeSenderIds gave no ARN/,
    );
    expect(stubs.smsVoice.commandCalls(GetResourcePolicyCommand)).toHaveLength(0);
  });

  it('a Deny in the resource policy outweighs its Allow; a conditional Deny is a todo', async () => {
    // IAM User Guide, policy evaluation logic: "An explicit deny in any policy overrides any allow."
    const allow = {
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Action: 'sms-voice:SendTextMessage',
      Resource: SENDER_ID_ARN,
    };
    const policy = (...Statement: object[]) => ({
      ResourceArn: SENDER_ID_ARN,
      Policy: JSON.stringify({ Version: '2012-10-17', Statement }),
    });
    const deny = { Effect: 'Deny', Principal: '*', Action: 'sms-voice:Send*', Resource: '*' };
    stubs.smsVoice.on(GetResourcePolicyCommand).resolves(policy(allow, deny));
    let { lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']);
    expect(lineOf(lines, 'sender ID SpinWin for SNS')).toMatch(
      /^\[FAIL\] .*denies SNS sms-voice:SendTextMessage \(a Deny outweighs every Allow\)/,
    );
    expect(exitCode).toBe(1);
    // A Deny of something else leaves the Allow standing.
    stubs.smsVoice
      .on(GetResourcePolicyCommand)
      .resolves(policy(allow, { ...deny, Action: 'sms-voice:DeleteSenderId' }));
    ({ lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']));
    expect(lineOf(lines, 'sender ID SpinWin for SNS')).toMatch(/^\[ok\]/);
    expect(exitCode).toBe(0);
    // A Deny under a condition may or may not hold for SNS: the agency reads it.
    stubs.smsVoice.on(GetResourcePolicyCommand).resolves(
      policy(allow, {
        ...deny,
        Condition: { StringNotEquals: { 'aws:SourceAccount': ACCOUNT } },
      }),
    );
    ({ lines, exitCode } = await run(['-c', 'smsSenderId=SpinWin']));
    expect(lineOf(lines, 'sender ID SpinWin for SNS')).toMatch(
      /^\[todo\] .*a Deny with a condition/,
    );
    expect(exitCode).toBe(0);
  });
});

describe('preflight: the samples docs/deploy.md shows', () => {
  it('are what the preflight prints today for a new, a ready and a raised account', async () => {
    const doc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    for (const which of ['new', 'ready', 'raised'] as const) {
      // sampleOutput mocks its own clients; the shared stubs go back to the ready account after.
      expect(doc, `docs/deploy.md holds the ${which} account's sample`).toContain(
        await sampleOutput(which),
      );
    }
  });
});
