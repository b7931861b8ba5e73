/**
 * The deploy preflight (infra/preflight/preflight.ts) against mocked accounts: every check's
 * answers (ok, the problem it looks for, access denied, throttled, network), one line each, and
 * the exit code (1 when something blocks a deploy or stops SMS, or could not be checked).
 */
import { ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import { ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { DescribeSenderIdsCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { GetSMSAttributesCommand, GetSMSSandboxAccountStatusCommand } from '@aws-sdk/client-sns';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { beforeEach, describe, expect, it } from 'vitest';
import { preflight } from '../../infra/preflight/preflight';
import capacity from '../../docs/capacity.json' with { type: 'json' };
import { SMS_PRICE_USD_DEFAULT } from '@shared/constants';
import { ParameterNotFound } from '@aws-sdk/client-ssm';
import { ResourceNotFoundException } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { ACCOUNT, mockedAccount, readyAccount, type Stubs } from './preflight-accounts';

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
}

const CHECKS: CheckCase[] = [
  { name: 'CDK bootstrap (ap-southeast-2)', stub: 'ssm', command: GetParameterCommand },
  {
    name: 'CDK bootstrap (us-east-1)',
    stub: 'ssmUsEast1',
    command: GetParameterCommand,
    args: ['-c', 'waf=true'],
  },
  { name: 'Lambda concurrency', stub: 'lambda', command: GetAccountSettingsCommand },
  { name: 'SNS SMS sandbox', stub: 'sns', command: GetSMSSandboxAccountStatusCommand },
  { name: 'SNS SMS spend limit', stub: 'sns', command: GetSMSAttributesCommand },
  {
    name: 'sender ID SpinWin',
    stub: 'smsVoice',
    command: DescribeSenderIdsCommand,
    args: ['-c', 'smsSenderId=SpinWin'],
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
    expect(lines[1]).toBe(
      `[ok]   credentials: account ${ACCOUNT} as arn:aws:iam::${ACCOUNT}:user/agency-deployer`,
    );
    for (const check of CHECKS) lineOf(lines, check.name);
    expect(lines).toHaveLength(2 + CHECKS.length);
  });

  it('asks us-east-1 only with WAF, and the sender ID only when one is set', async () => {
    const { lines } = await run(['-c', 'waf=false']);
    expect(lines.some((l) => l.includes('us-east-1'))).toBe(false);
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
  it('an unbootstrapped region blocks (and us-east-1 with WAF), with the bootstrap command', async () => {
    const missing = new ParameterNotFound({ message: 'Parameter not found', $metadata: {} });
    stubs.ssm.on(GetParameterCommand).rejects(missing);
    stubs.ssmUsEast1.on(GetParameterCommand).rejects(missing);
    const { lines, exitCode } = await run(['-c', 'waf=true']);
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

  it('a spend limit below the expected month blocks, with the month worked out', async () => {
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '1' } });
    const month = capacity.visitorsPerHour * capacity.smsPerVisitor * SMS_PRICE_USD_DEFAULT;
    const { lines, exitCode } = await run();
    const line = lineOf(lines, 'SNS SMS spend limit');
    expect(line).toMatch(
      /^\[FAIL\] SNS SMS spend limit: USD 1 a month; the expected month is USD /,
    );
    expect(line).toContain(
      `USD ${month.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    expect(exitCode).toBe(1);
    // The agency's own expected visitors, with the deploy's SMS price.
    const small = await run([
      '-c',
      'expectedVisitors=10',
      '-c',
      'smsPriceUsd=0.05',
      '-c',
      'smsMonthlySpendAlarmUsd=0.8',
    ]);
    expect(lineOf(small.lines, 'SNS SMS spend limit')).toMatch(
      /^\[ok\] {3}SNS SMS spend limit: USD 1 a month \(expected month USD 0\.50 \(10 visitors x /,
    );
  });

  it('no spend limit set is a todo; a limit not above the spend alarm is a todo', async () => {
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: {} });
    let { lines } = await run(['-c', 'expectedVisitors=10']);
    expect(lineOf(lines, 'SNS SMS spend limit')).toMatch(/^\[todo\] .*no MonthlySpendLimit set/);
    stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '50' } });
    ({ lines } = await run(['-c', 'expectedVisitors=10']));
    expect(lineOf(lines, 'SNS SMS spend limit')).toMatch(
      /^\[todo\] .*not above the SmsSpend alarm \(USD 50\)/,
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
    expect(lines).toEqual([
      '[ok]   region: ap-southeast-2 (from -c region)',
      '[FAIL] credentials: no usable AWS credentials (CredentialsProviderError): run aws configure or aws sso login, or set AWS_PROFILE, then run the preflight again (https://docs.aws.amazon.com/cli/latest/userguide/cli-chap-authentication.html)',
    ]);
    expect(stubs.ssm.calls()).toHaveLength(0);
    expect(exitCode).toBe(1);
  });

  it('expired credentials read the same way; a throttled STS says to run again', async () => {
    stubs.sts.on(GetCallerIdentityCommand).rejects(error('ExpiredToken'));
    expect((await run()).lines[1]).toMatch(
      /^\[FAIL\] credentials: no usable AWS credentials \(ExpiredToken\)/,
    );
    stubs.sts.on(GetCallerIdentityCommand).rejects(error('Throttling'));
    expect((await run()).lines[1]).toMatch(
      /^\[\?\?\] {3}credentials: could not check: .*throttled/,
    );
  });

  it('refuses to guess a region: one line, no AWS call, exit 1', async () => {
    const { lines, exitCode } = await preflight([], {}, clientsFor);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[FAIL\] region: No region: pass -c region=<region>.*AWS_REGION/);
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
    ]);
    const badOption = await run(['-c', 'smsSenderId=X']);
    expect(badOption.lines).toEqual([
      expect.stringMatching(/^\[FAIL\] options: .*smsSenderId must be 3-11/),
    ]);
    expect(badOption.exitCode).toBe(1);
  });
});
