/**
 * SpinWinBase: the account base, one stack per account and region, deployed once before the first
 * shop there (`npm run deploy:base`). It holds what every shop in the account and region shares, so
 * a shop's stack holds only what is its own:
 * - the CloudFront response headers policy and viewer functions (constructs/shared-edge.ts),
 *   exported by name and imported by every shop: CloudFormation then refuses to delete the base
 *   while a shop still uses it;
 * - SNS's SMS delivery-status logging (an account setting of the region) with its named role, so
 *   deleting a shop never stops the logs of the others (constructs/sms-delivery.ts);
 * - the alarms on what exists only for the whole account in the region: SMS spend and delivery as
 *   SNS publishes them, and Lambda's concurrency (constructs/alarms.ts AccountAlarms).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccountAlarms } from './constructs/alarms';
import { cognitoEndpointOrigin, SharedEdgeResources } from './constructs/shared-edge';
import { SmsDeliveryLogging } from './constructs/sms-delivery';
import { withFunctionLogGroups } from './function-defaults';

export interface SpinWinBaseStackProps extends StackProps {
  /** Who is told when an account-wide alarm goes off; undefined: nobody (alarmEmail=none). */
  readonly alarmEmail?: string;
  /** SMS spend of the month (every shop's, in the region) that raises the spend alarm. */
  readonly smsMonthlySpendAlarmUsd: number;
}

export class SpinWinBaseStack extends Stack {
  constructor(scope: Construct, id: string, props: SpinWinBaseStackProps) {
    super(scope, id, props);
    new SharedEdgeResources(this, 'SharedEdge', {
      connectOrigins: [cognitoEndpointOrigin(this.region)],
    });
    new SmsDeliveryLogging(this, 'SmsDeliveryLogging');
    new AccountAlarms(this, 'AccountAlarms', {
      email: props.alarmEmail,
      smsMonthlySpendUsd: props.smsMonthlySpendAlarmUsd,
    });
  }

  /** The template, with the CDK provider functions' logs kept LOG_RETENTION (function-defaults.ts). */
  protected override _toCloudFormation(): object {
    return withFunctionLogGroups(super._toCloudFormation() as object);
  }
}
