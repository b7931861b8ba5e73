/**
 * SpinWinBase: the account base, one stack per account and region, deployed once before the first
 * shop there (`npm run deploy:base`), with its us-east-1 part SpinWinBaseEdge. It holds what every
 * shop in the account and region shares, so a shop's stack holds only what is its own:
 * - the CloudFront response headers policy, viewer functions and S3 origin access control
 *   (constructs/shared-edge.ts);
 * - the web ACLs (constructs/waf.ts): the CloudFront one on /api/* (in SpinWinBaseEdge, counted
 *   per address and shop host), the visitor pools' and the staff pools' (regional), and the one
 *   function that associates a shop's pools with them;
 * - SNS's SMS delivery-status logging (an account setting of the region) with its named role, so
 *   deleting a shop never stops the logs of the others (constructs/sms-delivery.ts);
 * - the alarms on what exists only for the whole account in the region: SMS spend and delivery as
 *   SNS publishes them, and Lambda's concurrency (constructs/alarms.ts AccountAlarms).
 * Everything a shop uses in its region is exported by name (stack-names.ts BASE_EXPORTS) and
 * imported by the shop (Fn::ImportValue): CloudFormation refuses to delete SpinWinBase, or change an
 * export, while a shop imports it. An export cannot cross regions: a shop reads SpinWinBaseEdge's
 * web ACL ARN from its output (Fn::GetStackOutput), and termination protection, and WAF itself (it
 * refuses to delete a web ACL a distribution still uses), keep SpinWinBaseEdge.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { BASE_EDGE_WEB_ACL_OUTPUT } from './stack-names';
import type { Construct } from 'constructs';
import { AccountAlarms } from './constructs/alarms';
import { cognitoEndpointOrigin, SharedEdgeResources } from './constructs/shared-edge';
import { SmsDeliveryLogging } from './constructs/sms-delivery';
import { SELF_SERVICE_CALLS_NEVER_MADE } from './constructs/cognito-self-service';
import {
  DEFAULT_API_RATE_LIMIT,
  DEFAULT_AUTH_RATE_LIMIT,
  DEFAULT_STAFF_AUTH_RATE_LIMIT,
  RateLimitAcl,
  WafAssociator,
} from './constructs/waf';
import { withFunctionLogGroups } from './function-defaults';
import { BASE_EXPORTS } from './stack-names';

export interface SpinWinBaseStackProps extends StackProps {
  /** Who is told when an account-wide alarm goes off; undefined: nobody (alarmEmail=none). */
  readonly alarmEmail?: string;
  /** SMS spend of the month (every shop's, in the region) that raises the spend alarm. */
  readonly smsMonthlySpendAlarmUsd: number;
  /** Entry file of the association custom resource (lambdas/custom-resources/waf-association.ts). */
  readonly wafAssociationEntry: string;
}

export class SpinWinBaseStack extends Stack {
  constructor(scope: Construct, id: string, props: SpinWinBaseStackProps) {
    super(scope, id, props);
    new SharedEdgeResources(this, 'SharedEdge', {
      connectOrigins: [cognitoEndpointOrigin(this.region)],
    });
    const visitorPools = new RateLimitAcl(this, 'VisitorPoolsWaf', {
      scope: 'REGIONAL',
      limit: DEFAULT_AUTH_RATE_LIMIT,
    });
    const staffPools = new RateLimitAcl(this, 'StaffPoolsWaf', {
      scope: 'REGIONAL',
      limit: DEFAULT_STAFF_AUTH_RATE_LIMIT,
      blockOperations: SELF_SERVICE_CALLS_NEVER_MADE,
    });
    for (const [name, acl] of [
      ['VisitorPools', visitorPools],
      ['StaffPools', staffPools],
    ] as const) {
      new CfnOutput(this, `${name}WebAclArn`, {
        value: acl.webAcl.attrArn,
        exportName: BASE_EXPORTS.webAclArn(name),
      });
    }
    const associator = new WafAssociator(this, 'WafAssociator', {
      handlerEntry: props.wafAssociationEntry,
      webAclArns: [visitorPools.webAcl.attrArn, staffPools.webAcl.attrArn],
    });
    new CfnOutput(this, 'WafAssociatorArn', {
      value: associator.serviceToken,
      exportName: BASE_EXPORTS.wafAssociatorArn,
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

/** The account base's us-east-1 part: the CloudFront-scope web ACL every shop's distribution uses. */
export class SpinWinBaseEdgeStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const acl = new RateLimitAcl(this, 'ApiWaf', {
      scope: 'CLOUDFRONT',
      limit: DEFAULT_API_RATE_LIMIT,
      pathPrefix: '/api/',
      perHost: true,
    });
    // Read by every shop's stack across regions (Fn::GetStackOutput).
    new CfnOutput(this, BASE_EDGE_WEB_ACL_OUTPUT, { value: acl.webAcl.attrArn });
  }

  /** The template, with every function's logs kept LOG_RETENTION (infra/function-defaults.ts). */
  protected override _toCloudFormation(): object {
    return withFunctionLogGroups(super._toCloudFormation() as object);
  }
}
