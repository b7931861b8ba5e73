/**
 * Alarms: CloudWatch alarms on what costs money or turns visitors away, sent to an SNS topic that
 * e-mails the agency (context alarmEmail, required: with alarmEmail=none the topic and alarms
 * exist, unsubscribed). A shop's alarms (Alarms) watch only that shop's functions, tables, API and
 * metrics, and name the shop; what exists only for the whole account in the region (SMS spend and
 * delivery as SNS publishes them, Lambda's concurrency) is watched once, by the account base
 * (AccountAlarms, infra/base-stack.ts).
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
import { FUNCTION_FAILURES_METRIC } from '../function-defaults';

/** The sent-SMS alarms fire at this share of the deployment's hourly and daily caps. */
const SMS_CAP_ALARM_SHARE = 0.8;
/** 5xx answers in 5 minutes that raise the API alarm: one is a bug to look at, five an incident. */
const API_5XX_THRESHOLD = 5;
/** Failed invocations of the shop's functions in 5 minutes that raise the function error alarm. */
const FUNCTION_ERRORS_THRESHOLD = 3;
/**
 * The shop's own delivery signal: the share of the codes sent in an hour that were answered right.
 * A visitor who asked for a code nearly always types it; when fewer than half are, codes are not
 * arriving. Judged only over an hour with at least SMS_ANSWERED_MIN_SENT codes sent (a quiet hour's
 * two or three codes say nothing).
 */
const SMS_ANSWERED_SHARE_THRESHOLD = 0.5;
const SMS_ANSWERED_MIN_SENT = 20;
/**
 * Share of SMS delivered (AWS/SNS SMSSuccessRate) in an hour below which the account's delivery
 * alarm goes off: a few numbers switched off or out of range are normal; a fifth failing is not.
 */
const SMS_SUCCESS_RATE_THRESHOLD = 0.8;
/** SNS's SMS metrics' dimensions for what the shops send (lambdas/lib/sms.ts). */
const SMS_DIMENSIONS = { Country: 'AU', SMSType: 'Transactional' } as const;
/** The Lambda account concurrency (the default quota) the base's alarm compares with, and its share. */
const ACCOUNT_CONCURRENCY_DEFAULT = 1000;
const ACCOUNT_CONCURRENCY_ALARM_SHARE = 0.8;
const FIVE_MINUTES = Duration.minutes(5);
const ONE_HOUR = Duration.hours(1);
const ONE_DAY = Duration.days(1);

/**
 * An alarm topic and the alarms sent to it: raised and cleared both e-mail `email`. Every alarm is
 * named `<stack>-<id>`, and its description starts with the stack (so with the shop) it is about.
 */
class AlarmTopic extends Construct {
  public readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, email: string | undefined) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topic = new Topic(scope, 'Topic', {
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
    if (email) this.topic.addSubscription(new EmailSubscription(email));
    this.action = new SnsAction(this.topic);
  }

  /** An alarm `<stack>-<alarmId>`, next to this topic, raised and cleared to it. */
  alarm(
    alarmId: string,
    metric: IMetric,
    threshold: number,
    description: string,
    comparisonOperator = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  ): Alarm {
    const stack = Stack.of(this);
    const created = new Alarm(this.node.scope as Construct, alarmId, {
      alarmName: `${stack.stackName}-${alarmId}`,
      alarmDescription: `${stack.stackName}: ${description} What to do: docs/operations.md, "Alarms".`,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator,
      // No data means nothing happened (no SMS, no errors): not an alarm.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    created.addAlarmAction(this.action);
    created.addOkAction(this.action);
    return created;
  }
}

export interface AlarmsProps {
  /**
   * Address the alarms are e-mailed to.
   * @default - no subscription (the topic and the alarms still exist)
   */
  readonly email?: string;
  /** The deployment's cap on codes per hour (the SMS cost guard refuses sends beyond it). */
  readonly smsHourlyCap: number;
  /** The deployment's cap on codes per UTC day (spent with the hourly cap). */
  readonly smsDailyCap: number;
  /** Every table of the deployment, by its logical name. */
  readonly tables: Readonly<Record<string, Table>>;
  /** The HTTP API. */
  readonly httpApi: HttpApi;
}

/** A shop's alarms: each watches this shop's own metrics and resources, nothing of another shop. */
export class Alarms extends Construct {
  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const topic = new AlarmTopic(this, 'Notify', props.email);
    const alarm = topic.alarm.bind(topic);

    // This deployment's own metrics (Powertools Metrics, lambdas/lib/metrics.ts), in its own
    // namespace. SNS's SMS metrics are the account's and carry no deployment: the base watches them.
    const shopMetric = (metricName: string, period: Duration) =>
      new Metric({
        namespace: metricsNamespace(stack.stackName),
        metricName,
        dimensionsMap: { service: SERVICE_NAME },
        statistic: 'Sum',
        period,
      });
    const capThreshold = Math.ceil(props.smsHourlyCap * SMS_CAP_ALARM_SHARE);
    alarm(
      'SmsHourly',
      shopMetric(BUSINESS_METRICS.codesSent, ONE_HOUR),
      capThreshold,
      `${capThreshold} SMS codes sent in one hour, ${SMS_CAP_ALARM_SHARE * 100}% of the hourly cap (${props.smsHourlyCap}); at the cap sign-ins stop until the next hour.`,
    );
    // The day's cap: one period of a day, the longest an alarm may look at. The alarm's day is the
    // 24 hours before it looks and the cap's runs from 00:00 UTC, so yesterday's late codes can set
    // it off early, never late.
    const dailyThreshold = Math.ceil(props.smsDailyCap * SMS_CAP_ALARM_SHARE);
    alarm(
      'SmsDaily',
      shopMetric(BUSINESS_METRICS.codesSent, ONE_DAY),
      dailyThreshold,
      `${dailyThreshold} SMS codes sent in 24 hours, ${SMS_CAP_ALARM_SHARE * 100}% of the daily cap (${props.smsDailyCap}); at the cap sign-ins stop until 00:00 UTC.`,
    );

    // The shop's own delivery signal, needing no SNS metric: codes answered right against codes
    // sent, over an hour. Each SMS sent also writes CodesVerified 0 (lambdas/domain/otp-delivery.ts),
    // so an hour with codes sent and none answered reads 0, not missing.
    alarm(
      'SmsAnswered',
      new MathExpression({
        expression: `IF(sent >= ${SMS_ANSWERED_MIN_SENT}, answered / sent, 1)`,
        usingMetrics: {
          sent: shopMetric(BUSINESS_METRICS.codesSent, ONE_HOUR),
          answered: shopMetric(BUSINESS_METRICS.codesVerified, ONE_HOUR),
        },
        label: 'Share of the codes sent that were answered right',
        period: ONE_HOUR,
      }),
      SMS_ANSWERED_SHARE_THRESHOLD,
      `Less than ${SMS_ANSWERED_SHARE_THRESHOLD * 100}% of the SMS codes this shop sent in the last hour (${SMS_ANSWERED_MIN_SENT} or more) were answered right: codes are probably not arriving.`,
      ComparisonOperator.LESS_THAN_THRESHOLD,
    );

    // Failed invocations of this shop's functions: each function's log group counts the runtime's
    // report of an invocation that did not succeed (threw, crashed, timed out) into one metric of
    // the shop's namespace (SpinFunction's metric filter). Lambda's own Errors metric is either per
    // function (an alarm watches at most 10 metrics, each billed USD 0.10 a month: 36 functions
    // would cost more than the rest of an idle shop) or the whole region's (every shop's).
    alarm(
      'FunctionErrors',
      new Metric({
        namespace: metricsNamespace(stack.stackName),
        metricName: FUNCTION_FAILURES_METRIC,
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      FUNCTION_ERRORS_THRESHOLD,
      `${FUNCTION_ERRORS_THRESHOLD} or more invocations of this shop's functions failed (threw, crashed or timed out) within 5 minutes.`,
    );

    this.watchTables(alarm, props.tables);

    alarm(
      'Api5xx',
      props.httpApi.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES }),
      API_5XX_THRESHOLD,
      `The API answered ${API_5XX_THRESHOLD} or more 5xx within 5 minutes.`,
    );
  }

  /**
   * One alarm per table (two metrics each): an alarm's math may use at most 10 metrics, so one
   * alarm over every table would stop deploying at the sixth.
   */
  private watchTables(alarm: AlarmTopic['alarm'], tables: AlarmsProps['tables']): void {
    for (const [name, table] of Object.entries(tables)) {
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
  }
}

export interface AccountAlarmsProps {
  /**
   * Address the alarms are e-mailed to.
   * @default - no subscription (the topic and the alarms still exist)
   */
  readonly email?: string;
  /** SMS spend of the month, in USD, that raises the spend alarm. */
  readonly smsMonthlySpendUsd: number;
}

/**
 * What exists only for the whole account in the region, watched once by the account base: SNS's
 * SMS spend and delivery (SNS's metrics carry no shop), and Lambda's concurrency and throttles (a
 * quota every shop's functions share).
 */
export class AccountAlarms extends Construct {
  constructor(scope: Construct, id: string, props: AccountAlarmsProps) {
    super(scope, id);
    const topic = new AlarmTopic(this, 'Notify', props.email);
    const alarm = topic.alarm.bind(topic);

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
      `SMS spend this month (every shop of the account in this region) reached USD ${props.smsMonthlySpendUsd}.`,
    );

    // Codes handed to SNS that never reached the phone (a carrier refusing the sender ID, an
    // unregistered sender, an exhausted spend limit): SNS's share delivered, which it publishes per
    // Country and SMSType, for what the shops send (Australian numbers, transactional).
    alarm(
      'SmsDelivery',
      new Metric({
        namespace: 'AWS/SNS',
        metricName: 'SMSSuccessRate',
        dimensionsMap: { ...SMS_DIMENSIONS },
        statistic: 'Average',
        period: ONE_HOUR,
      }),
      SMS_SUCCESS_RATE_THRESHOLD,
      `Less than ${SMS_SUCCESS_RATE_THRESHOLD * 100}% of the transactional SMS to Australian numbers sent in the last hour (every shop of the account in this region) were delivered.`,
      ComparisonOperator.LESS_THAN_THRESHOLD,
    );

    // Lambda's region-wide totals (no dimension): every shop's functions share the concurrency.
    const concurrencyThreshold = ACCOUNT_CONCURRENCY_DEFAULT * ACCOUNT_CONCURRENCY_ALARM_SHARE;
    alarm(
      'AccountConcurrency',
      new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ConcurrentExecutions',
        statistic: 'Maximum',
        period: FIVE_MINUTES,
      }),
      concurrencyThreshold,
      `Lambda ran ${concurrencyThreshold} or more functions at once in this region (${ACCOUNT_CONCURRENCY_ALARM_SHARE * 100}% of the default quota, ${ACCOUNT_CONCURRENCY_DEFAULT}), every shop's together.`,
    );
    alarm(
      'AccountThrottles',
      new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      1,
      'A Lambda invocation in this region was throttled within 5 minutes: the account has run out of concurrency, for every shop.',
    );
  }
}
