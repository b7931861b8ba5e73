/**
 * Mocked AWS accounts for the preflight (aws-sdk-client-mock: no emulator exists for these account
 * APIs): a ready account that passes every check, a new one with everything still to do, and a way
 * to change any one answer. Used by test/infra/preflight.test.ts and by
 * test/infra/preflight-samples.ts, which prints both accounts through the real CLI code.
 */
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import {
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  DescribeSenderIdsCommand,
  PinpointSMSVoiceV2Client,
  ResourceNotFoundException,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import {
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import type { PreflightClients } from '../../infra/preflight/preflight';

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
  };
  const stubs = Object.fromEntries(
    Object.entries(clients).map(([name, client]) => [name, mockClient(client)]),
  ) as Stubs;
  readyAccount(stubs);
  return { clientsFor: () => clients, stubs };
}

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
  stubs.smsVoice.on(DescribeSenderIdsCommand).resolves({
    SenderIds: [
      {
        SenderId: 'SpinWin',
        IsoCountryCode: 'AU',
        SenderIdArn: `arn:aws:sms-voice:ap-southeast-2:${ACCOUNT}:sender-id/SpinWin/AU`,
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

/** A new account: nothing bootstrapped, low concurrency, SMS sandbox, USD 1, no sender ID. */
export function newAccount(stubs: Stubs): void {
  readyAccount(stubs);
  const missing = new ParameterNotFound({ message: 'Parameter not found', $metadata: {} });
  for (const ssm of [stubs.ssm, stubs.ssmUsEast1]) ssm.on(GetParameterCommand).rejects(missing);
  stubs.lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
  stubs.sns.on(GetSMSSandboxAccountStatusCommand).resolves({ IsInSandbox: true });
  stubs.sns.on(GetSMSAttributesCommand).resolves({ attributes: { MonthlySpendLimit: '1' } });
  stubs.smsVoice
    .on(DescribeSenderIdsCommand)
    .rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} } as never));
  stubs.cloudfront
    .on(ListDistributionsCommand)
    .resolves({ DistributionList: { Quantity: 0, MaxItems: 1, Marker: '', IsTruncated: false } });
}
