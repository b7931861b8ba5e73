/**
 * SMS delivery status logging: SNS writes the outcome of SMS it sends to CloudWatch Logs (every
 * failure; a sample of the successes), so a code that never arrived can be found (docs/operations.md,
 * "A code did not arrive"). It is a setting of the account in the region (SNS SetSMSAttributes),
 * not a resource CloudFormation has, so a custom resource sets it on each deploy, and the two log
 * groups SNS writes to are given a retention (they hold phone numbers; SNS would keep them forever).
 * It lives in the account base (infra/base-stack.ts), once per account and region, with a named
 * role: no shop sets it, so deleting a shop never takes the role SNS uses from the others.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogRetention } from 'aws-cdk-lib/aws-logs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LOG_RETENTION } from '../function-defaults';
import { nagPartition } from '../nag';

/** Percent of successful deliveries logged (failures are always logged). */
const SMS_SUCCESS_SAMPLING_PERCENT = 10;

/** The log groups SNS writes SMS delivery status to, in a region of an account. */
function smsDeliveryLogGroups(region: string, account: string): readonly string[] {
  const base = `sns/${region}/${account}/DirectPublishToPhoneNumber`;
  return [base, `${base}/Failure`];
}

export class SmsDeliveryLogging extends Construct {
  /** The role SNS assumes to write the delivery logs. */
  public readonly role: Role;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    const groups = smsDeliveryLogGroups(stack.region, stack.account);
    this.role = new Role(this, 'SnsRole', {
      assumedBy: new ServicePrincipal('sns.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      // Named, so the account's setting says which role it is; IAM names are global: the region too.
      roleName: `SpinWinSmsDeliveryStatus-${stack.region}`,
      description: 'Spin & Win: lets SNS log SMS delivery status to CloudWatch Logs',
    });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'logs:CreateLogGroup',
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          'logs:PutMetricFilter',
          'logs:PutRetentionPolicy',
        ],
        resources: groups.flatMap((group) => [
          `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:${group}`,
          `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:${group}:*`,
        ]),
      }),
    );
    for (const group of groups) {
      Validations.of(this.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:${nagPartition(stack)}:logs:${stack.region}:${stack.account}:log-group:${group}:*]`,
        reason:
          "SNS names the log streams inside its SMS delivery log groups; the grant is those groups' streams only.",
      });
    }

    // The log groups exist before SNS's first delivery, with a retention (created if absent).
    for (const [i, group] of groups.entries()) {
      new LogRetention(this, `Retention${i}`, { logGroupName: group, retention: LOG_RETENTION });
    }

    const setting = {
      service: 'SNS',
      action: 'setSMSAttributes',
      parameters: {
        attributes: {
          DeliveryStatusIAMRole: this.role.roleArn,
          DeliveryStatusSuccessSamplingRate: String(SMS_SUCCESS_SAMPLING_PERCENT),
        },
      },
      physicalResourceId: PhysicalResourceId.of(`sms-delivery-status-${stack.region}`),
    };
    const resource = new AwsCustomResource(this, 'Setting', {
      onCreate: setting,
      onUpdate: setting,
      installLatestAwsSdk: false,
      policy: AwsCustomResourcePolicy.fromStatements([
        // SetSMSAttributes has no resource-level permissions.
        new PolicyStatement({ actions: ['sns:SetSMSAttributes'], resources: ['*'] }),
        new PolicyStatement({ actions: ['iam:PassRole'], resources: [this.role.roleArn] }),
      ]),
    });
    resource.node.addDependency(this.role);
    Validations.of(resource).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "sns:SetSMSAttributes has no resource-level permissions (the setting is the account's).",
    });
    this.acknowledgeProviders(stack);
  }

  /** CDK's own singleton functions behind AwsCustomResource and LogRetention, run only during deploys. */
  private acknowledgeProviders(stack: Stack): void {
    const why = 'CDK provider function (runs only during deploys), with the role CDK writes';
    for (const provider of stack.node.children) {
      if (
        !/^(AWS679f53fac002430cb0da5b7982bd2287|LogRetentionaae0aa3c5b4d4f87b02d85b201efdd8a)$/.test(
          provider.node.id,
        )
      ) {
        continue;
      }
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${why}; the AWS managed basic execution role only lets it write its own logs.`,
      });
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: `${why}; logs:PutRetentionPolicy/CreateLogGroup are granted on * by CDK's LogRetention.`,
      });
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-L1',
        reason: `${why}; CDK chooses its runtime.`,
      });
    }
  }
}
