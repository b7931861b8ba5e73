/** The real SDK clients of the preflight: the deploy region's, and us-east-1 for WAF's stack. */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SNSClient } from '@aws-sdk/client-sns';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import type { PreflightClients } from './preflight';

/** One try and a short wait each: a preflight should answer in seconds, and say so when it cannot. */
const OPTIONS = { maxAttempts: 2 } as const;

export function awsClients(region: string): PreflightClients {
  return {
    sts: new STSClient({ region, ...OPTIONS }),
    ssm: new SSMClient({ region, ...OPTIONS }),
    ssmUsEast1: new SSMClient({ region: 'us-east-1', ...OPTIONS }),
    lambda: new LambdaClient({ region, ...OPTIONS }),
    sns: new SNSClient({ region, ...OPTIONS }),
    smsVoice: new PinpointSMSVoiceV2Client({ region, ...OPTIONS }),
    cognito: new CognitoIdentityProviderClient({ region, ...OPTIONS }),
    // CloudFront is global; its API lives in us-east-1.
    cloudfront: new CloudFrontClient({ region: 'us-east-1', ...OPTIONS }),
    cloudformation: new CloudFormationClient({ region, ...OPTIONS }),
    // The edge stack (WAF for CloudFront) lives in us-east-1.
    cloudformationUsEast1: new CloudFormationClient({ region: 'us-east-1', ...OPTIONS }),
  };
}
