/**
 * Alarms: CloudWatch alarms on what costs money or turns visitors away, sent to one SNS topic that
 * e-mails the agency (context alarmEmail; without it the topic and alarms exist, unsubscribed).
 * What each alarm means and what to do about it is in docs/operations.md ("Alarms").
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, metricsNamespace, SERVICE_NAME } from '@shared/definitions';

/** The sent-SMS alarm fires at this share of the deployment's hourly cap. */
const SMS_CAP_ALARM_SHARE = 0.8;
/** 5xx answers in 5 minutes that raise the API alarm: one is a bug to look at, five an incident. */
const API_5XX_THRESHOLD = 5;
/** Lambda errors in 5 minutes that raise the function error alarm. */
const FUNCTION_ERRORS_THRESHOLD = 3;
const FIVE_MINUTES = Duration.minutes(5);
const ONE_HOUR = Duration.hours(1);

export interface AlarmsProps {
  /**
   * Address the alarms are e-mailed to.
   * @default - no subscription (the topic and the alarms still exist)
   */
  readonly email?: string;
  /** SMS spend of the month, in USD, that raises the spend alarm. */
  readonly smsMonthlySpendUsd: number;
  /** The deployment's cap on codes per hour (the SMS cost guard refuses sends beyond it). */
  readonly smsHourlyCap: number;
  /** Every table of the deployment. */
  readonly tables: readonly Table[];
  /** The HTTP API. */
  readonly httpApi: HttpApi;
}

export class Alarms extends Construct {
  public readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topic = new Topic(this, 'Topic', {
      displayName: `Spin & Win alarms (${stack.stackName})`,
      enforceSSL: true,
    });
    // The topic's policy replaces SNS's default one, so CloudWatch alarms of this account are let in.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notices carry no personal data (alarm names and figures); CloudWatch alarms cannot publish to a topic ' +
        'encrypted with the AWS managed SNS key, and a customer managed key costs USD 1 a month per shop.',
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);

    const alarm = (
      alarmId: string,
      metric: IMetric,
      threshold: number,
      description: string,
    ): Alarm => {
      const created = new Alarm(this, alarmId, {
        alarmName: `${stack.stackName}-${alarmId}`,
        alarmDescription: `${description} What to do: docs/operations.md, "Alarms".`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No data means nothing happened (no SMS, no errors): not an alarm.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      return created;
    };

    // SNS reports the account's SMS spend so far this month, per region.
    alarm(
      'SmsSpend',
      new Metric({
        namespace: 'AWS/SNS',
        metricName: 'SMSMonthToDateSpentUSD',
        statistic: 'Maximum',
        period: ONE_HOUR,
      }),
      props.smsMonthlySpendUsd,
      `SMS spend this month (the account's, in this region) reached USD ${props.smsMonthlySpendUsd}.`,
    );

    // This deployment's own count: the CodesSent metric the CreateAuthChallenge trigger writes per
    // SMS handed to SNS (Powertools Metrics, lambdas/lib/metrics.ts). SNS's SMS metrics are the
    // account's and carry no deployment, so they cannot tell shops apart.
    const capThreshold = Math.ceil(props.smsHourlyCap * SMS_CAP_ALARM_SHARE);
    alarm(
      'SmsHourly',
      new Metric({
        namespace: metricsNamespace(stack.stackName),
        metricName: BUSINESS_METRICS.codesSent,
        dimensionsMap: { service: SERVICE_NAME },
        statistic: 'Sum',
        period: ONE_HOUR,
      }),
      capThreshold,
      `${capThreshold} SMS codes sent in one hour, ${SMS_CAP_ALARM_SHARE * 100}% of the hourly cap (${props.smsHourlyCap}); at the cap sign-ins stop until the next hour.`,
    );

    // Lambda publishes region-wide totals without a dimension: every function of the account in
    // this region (with several shops in one account, theirs too).
    for (const [metricName, threshold, what] of [
      ['Errors', FUNCTION_ERRORS_THRESHOLD, 'failed (crashed, timed out or threw)'],
      ['Throttles', 1, 'were throttled (the account has run out of concurrency)'],
    ] as const) {
      alarm(
        `Function${metricName}`,
        new Metric({
          namespace: 'AWS/Lambda',
          metricName,
          statistic: 'Sum',
          period: FIVE_MINUTES,
        }),
        threshold,
        `${threshold} or more Lambda invocations in this region ${what} within 5 minutes.`,
      );
    }

    const throttleMetrics: Record<string, IMetric> = {};
    props.tables.forEach((table, i) => {
      for (const [j, metricName] of ['ReadThrottleEvents', 'WriteThrottleEvents'].entries()) {
        throttleMetrics[`t${i}${j}`] = new Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: table.tableName },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        });
      }
    });
    alarm(
      'TableThrottles',
      new MathExpression({
        expression: `SUM([${Object.keys(throttleMetrics).join(',')}])`,
        usingMetrics: throttleMetrics,
        label: 'Throttled reads and writes, all tables',
        period: FIVE_MINUTES,
      }),
      1,
      'DynamoDB throttled reads or writes of this deployment within 5 minutes.',
    );

    alarm(
      'Api5xx',
      props.httpApi.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES }),
      API_5XX_THRESHOLD,
      `The API answered ${API_5XX_THRESHOLD} or more 5xx within 5 minutes.`,
    );
  }
}
