/**
 * Mocked AWS accounts for the preflight (aws-sdk-client-mock: no emulator exists for these account
 * APIs): a ready account that passes every check, a new one with everything still to do, and a way
 * to change any one answer. Used by test/infra/preflight.test.ts and by
 * test/infra/preflight-samples.ts, which prints both accounts through the real CLI code.
 */
import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStacksCommand,
} from '@aws-sdk/client-cloudformation';
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import {
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  DescribeSenderIdsCommand,
  DescribeSpendLimitsCommand,
  GetResourcePolicyCommand,
  PinpointSMSVoiceV2Client,
  ResourceNotFoundException,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import {
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  ListSMSSandboxPhoneNumbersCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import { preflight, type PreflightClients } from '../../infra/preflight/preflight';

export const ACCOUNT = '123456789012';
/** Fixed credentials: no real ones are ever looked up, and none could be used. */
const credentials = { accessKeyId: 'AKIDPREFLIGHT', secretAccessKey: 'not-a-secret' };

type AnyStub = AwsStub<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Stubs = Record<keyof PreflightClients, AnyStub>;

/** Clients whose every call is answered by its stub; `stubs` are reset to the ready account. */
export function mockedAccount(): {
  clientsFor: (region: string) => PreflightClients;
  stubs: Stubs;
} {
  const regional = (region: string) => ({ region, credentials, maxAttempts: 1 });
  const clients: PreflightClients = {
    sts: new STSClient(regional('ap-southeast-2')),
    ssm: new SSMClient(regional('ap-southeast-2')),
    ssmUsEast1: new SSMClient(regional('us-east-1')),
    lambda: new LambdaClient(regional('ap-southeast-2')),
    sns: new SNSClient(regional('ap-southeast-2')),
    smsVoice: new PinpointSMSVoiceV2Client(regional('ap-southeast-2')),
    cognito: new CognitoIdentityProviderClient(regional('ap-southeast-2')),
    cloudfront: new CloudFrontClient(regional('us-east-1')),
    cloudformation: new CloudFormationClient(regional('ap-southeast-2')),
    cloudformationUsEast1: new CloudFormationClient(regional('us-east-1')),
  };
  const stubs = Object.fromEntries(
    Object.entries(clients).map(([name, client]) => [name, mockClient(client)]),
  ) as Stubs;
  readyAccount(stubs);
  return { clientsFor: () => clients, stubs };
}

/** The sender ID the samples deploy with, and its ARN in the mocked account. */
const SENDER_ID = 'SpinWin';
export const SENDER_ID_ARN = `arn:aws:sms-voice:ap-southeast-2:${ACCOUNT}:sender-id/${SENDER_ID}/AU`;
/** A resource policy that lets SNS send with the sender ID (what AWS's SNS setup page asks for). */
const SNS_SENDER_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Action: 'sms-voice:SendTextMessage',
      Resource: SENDER_ID_ARN,
      Condition: { StringEquals: { 'aws:SourceAccount': ACCOUNT } },
    },
  ],
});

/**
 * End User Messaging's DescribeSpendLimits answer (every field Required in the SpendLimit
 * reference): the account allowing `max`, with a limit of its own at `enforced` when `overridden`.
 * An account that never set one answers `Overridden: false`, and `MaxLimit` is then in force.
 */
export const textSpendLimit = (enforced: number, max = enforced, overridden = enforced < max) => ({
  SpendLimits: [
    {
      Name: 'TEXT_MESSAGE_MONTHLY_SPEND_LIMIT' as const,
      EnforcedLimit: enforced,
      MaxLimit: max,
      Overridden: overridden,
    },
  ],
});

/** An account where everything passes: bootstrapped, quotas raised, out of the sandbox. */
export function readyAccount(stubs: Stubs): void {
  for (const stub of Object.values(stubs)) stub.reset();
  stubs.sts.on(GetCallerIdentityCommand).resolves({
    Account: ACCOUNT,
    Arn: `arn:aws:iam::${ACCOUNT}:user/agency-deployer`,
  });
  for (const ssm of [stubs.ssm, stubs.ssmUsEast1]) {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '29' } });
  }
  stubs.lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
  stubs.sns.on(GetSMSSandboxAccountStatusCommand).resolves({ IsInSandbox: false });
  stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '10000' } });
  stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(10_000));
  stubs.smsVoice.on(GetResourcePolicyCommand).resolves({
    ResourceArn: SENDER_ID_ARN,
    Policy: SNS_SENDER_POLICY,
  });
  stubs.sns.on(ListSMSSandboxPhoneNumbersCommand).resolves({ PhoneNumbers: [] });
  for (const cloudformation of [stubs.cloudformation, stubs.cloudformationUsEast1]) {
    cloudformation.on(ListStacksCommand).resolves({ StackSummaries: [] });
  }
  stubs.cloudformation.on(DescribeStacksCommand).resolves({
    Stacks: [
      {
        StackName: 'SpinWinBase',
        StackStatus: 'CREATE_COMPLETE',
        CreationTime: new Date('2026-11-01T00:00:00Z'),
      },
    ],
  });
  stubs.smsVoice.on(DescribeSenderIdsCommand).resolves({
    SenderIds: [
      {
        SenderId: SENDER_ID,
        IsoCountryCode: 'AU',
        SenderIdArn: SENDER_ID_ARN,
        MessageTypes: ['TRANSACTIONAL'],
        MonthlyLeasingPrice: '0.00',
        DeletionProtectionEnabled: false,
        Registered: true,
      },
    ],
  });
  stubs.cognito.on(ListUserPoolsCommand).resolves({ UserPools: [] });
  stubs.cloudfront
    .on(ListDistributionsCommand)
    .resolves({ DistributionList: { Quantity: 1, MaxItems: 1, Marker: '', IsTruncated: true } });
}

/**
 * A new account: nothing bootstrapped, a failed first deploy left behind, low concurrency, the SMS
 * sandbox with no verified number, the sandbox's USD 1 spend quota (SNS's limit unset, so the
 * account's maximum: USD 1), no sender ID.
 */
function newAccount(stubs: Stubs): void {
  readyAccount(stubs);
  const missing = new ParameterNotFound({ message: 'Parameter not found', $metadata: {} });
  for (const ssm of [stubs.ssm, stubs.ssmUsEast1]) ssm.on(GetParameterCommand).rejects(missing);
  stubs.lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
  stubs.sns.on(GetSMSSandboxAccountStatusCommand).resolves({ IsInSandbox: true });
  stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: {} });
  stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(1));
  stubs.smsVoice
    .on(GetResourcePolicyCommand)
    .rejects(new ResourceNotFoundException({ message: 'no policy', $metadata: {} } as never));
  stubs.cloudformation.on(ListStacksCommand).resolves({
    StackSummaries: [
      {
        StackName: 'SpinWin-joes-pizza',
        StackStatus: 'ROLLBACK_FAILED',
        CreationTime: new Date('2026-11-20T01:00:00Z'),
      },
    ],
  });
  stubs.smsVoice
    .on(DescribeSenderIdsCommand)
    .rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} } as never));
  // No account base yet: CloudFormation's answer for a stack that does not exist.
  stubs.cloudformation.on(DescribeStacksCommand).rejects(
    Object.assign(new Error('Stack with id SpinWinBase does not exist'), {
      name: 'ValidationError',
    }),
  );
  stubs.cloudfront
    .on(ListDistributionsCommand)
    .resolves({ DistributionList: { Quantity: 0, MaxItems: 1, Marker: '', IsTruncated: false } });
}

/**
 * A raised account that never set SNS's MonthlySpendLimit (so SNS spends up to the account's
 * maximum) and never set a limit of its own in End User Messaging (`Overridden: false`, the
 * USD 10,000 maximum in force).
 */
function raisedAccount(stubs: Stubs): void {
  readyAccount(stubs);
  stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: {} });
  stubs.smsVoice.on(DescribeSpendLimitsCommand).resolves(textSpendLimit(0, 10_000, false));
}

const SAMPLES = { new: newAccount, ready: readyAccount, raised: raisedAccount } as const;
export const isSample = (which: unknown): which is keyof typeof SAMPLES =>
  typeof which === 'string' && Object.hasOwn(SAMPLES, which);

/**
 * The preflight's whole output for one mocked account, with the command that ran it: what
 * docs/deploy.md shows. The new account's agency has not chosen an alarm address yet; WAF is on by
 * default.
 */
export async function sampleOutput(which: keyof typeof SAMPLES): Promise<string> {
  const { clientsFor, stubs } = mockedAccount();
  SAMPLES[which](stubs);
  const args = [
    '-c',
    'region=ap-southeast-2',
    '-c',
    'shop=joes-pizza',
    '-c',
    'smsSenderId=SpinWin',
    ...(which === 'new' ? [] : ['-c', 'alarmEmail=ops@agency.example']),
  ];
  const { lines, exitCode } = await preflight(args, {}, clientsFor);
  return [`$ npm run preflight -- ${args.join(' ')}`, ...lines, `(exit code ${exitCode})`].join(
    '\n',
  );
}
