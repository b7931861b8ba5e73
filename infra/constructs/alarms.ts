/**
 * Alarms: CloudWatch alarms on what costs money or turns visitors away, sent to one SNS topic that
 * e-mails the agency (context alarmEmail, required: with alarmEmail=none the topic and alarms
 * exist, unsubscribed).
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

/** The sent-SMS alarms fire at this share of the deployment's hourly and daily caps. */
const SMS_CAP_ALARM_SHARE = 0.8;
/** 5xx answers in 5 minutes that raise the API alarm: one is a bug to look at, five an incident. */
const API_5XX_THRESHOLD = 5;
/** Lambda errors in 5 minutes that raise the function error alarm. */
const FUNCTION_ERRORS_THRESHOLD = 3;
/**
 * Share of SMS delivered (AWS/SNS SMSSuccessRate) in an hour below which the delivery alarm goes
 * off: a few numbers switched off or out of range are normal; a fifth failing is not.
 */
const SMS_SUCCESS_RATE_THRESHOLD = 0.8;
const FIVE_MINUTES = Duration.minutes(5);
const ONE_HOUR = Duration.hours(1);
const ONE_DAY = Duration.days(1);

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
  /** The deployment's cap on codes per UTC day (spent with the hourly cap). */
  readonly smsDailyCap: number;
  /** Every table of the deployment, by its logical name. */
  readonly tables: Readonly<Record<string, Table>>;
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
      comparisonOperator = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    ): Alarm => {
      const created = new Alarm(this, alarmId, {
        alarmName: `${stack.stackName}-${alarmId}`,
        alarmDescription: `${description} What to do: docs/operations.md, "Alarms".`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator,
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

    // Codes handed to SNS that never reached the phone (a carrier refusing the sender ID, an
    // unregistered sender, an exhausted spend limit): SNS's share delivered, for the account in
    // this region. The delivery status logs (SmsDeliveryLogging) say which numbers and why.
    alarm(
      'SmsDelivery',
      new Metric({
        namespace: 'AWS/SNS',
        metricName: 'SMSSuccessRate',
        statistic: 'Average',
        period: ONE_HOUR,
      }),
      SMS_SUCCESS_RATE_THRESHOLD,
      `Less than ${SMS_SUCCESS_RATE_THRESHOLD * 100}% of the SMS sent in the last hour (the account's, in this region) were delivered.`,
      ComparisonOperator.LESS_THAN_THRESHOLD,
    );

    // This deployment's own count: the CodesSent metric the CreateAuthChallenge trigger writes per
    // SMS handed to SNS (Powertools Metrics, lambdas/lib/metrics.ts). SNS's SMS metrics are the
    // account's and carry no deployment, so they cannot tell shops apart.
    const codesSent = (period: Duration) =>
      new Metric({
        namespace: metricsNamespace(stack.stackName),
        metricName: BUSINESS_METRICS.codesSent,
        dimensionsMap: { service: SERVICE_NAME },
        statistic: 'Sum',
        period,
      });
    const capThreshold = Math.ceil(props.smsHourlyCap * SMS_CAP_ALARM_SHARE);
    alarm(
      'SmsHourly',
      codesSent(ONE_HOUR),
      capThreshold,
      `${capThreshold} SMS codes sent in one hour, ${SMS_CAP_ALARM_SHARE * 100}% of the hourly cap (${props.smsHourlyCap}); at the cap sign-ins stop until the next hour.`,
    );
    // The day's cap: one period of a day, the longest an alarm may look at. The alarm's day is the
    // 24 hours before it looks and the cap's runs from 00:00 UTC, so yesterday's late codes can set
    // it off early, never late.
    const dailyThreshold = Math.ceil(props.smsDailyCap * SMS_CAP_ALARM_SHARE);
    alarm(
      'SmsDaily',
      codesSent(ONE_DAY),
      dailyThreshold,
      `${dailyThreshold} SMS codes sent in 24 hours, ${SMS_CAP_ALARM_SHARE * 100}% of the daily cap (${props.smsDailyCap}); at the cap sign-ins stop until 00:00 UTC.`,
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

    // One alarm per table (two metrics each): an alarm's math may use at most 10 metrics, so one
    // alarm over every table would stop deploying at the sixth.
    for (const [name, table] of Object.entries(props.tables)) {
      const metrics = Object.fromEntries(
        ['ReadThrottleEvents', 'WriteThrottleEvents'].map((metricName, i) => [
          `m${i}`,
          new Metric({
            namespace: 'AWS/DynamoDB',
            metricName,
            dimensionsMap: { TableName: table.tableName },
            statistic: 'Sum',
            period: FIVE_MINUTES,
          }),
        ]),
      );
      alarm(
        `TableThrottles${name.charAt(0).toUpperCase()}${name.slice(1)}`,
        new MathExpression({
          expression: `SUM([${Object.keys(metrics).join(',')}])`,
          usingMetrics: metrics,
          label: `Throttled reads and writes, ${name} table`,
          period: FIVE_MINUTES,
        }),
        1,
        `DynamoDB throttled reads or writes of this deployment's ${name} table within 5 minutes.`,
      );
    }

    alarm(
      'Api5xx',
      props.httpApi.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES }),
      API_5XX_THRESHOLD,
      `The API answered ${API_5XX_THRESHOLD} or more 5xx within 5 minutes.`,
    );
  }
}
