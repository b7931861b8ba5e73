/**
 * What `npm run fleet -- status` (and the table after every other command but synth) says of a
 * deployment: its stack's status, site URL and last deploy from CloudFormation, and which of the
 * stack's own alarms are in ALARM from CloudWatch (the alarms are read from the stack's resources,
 * so one shop's name being the start of another's never mixes them).
 */
import {
  DescribeStacksCommand,
  type CloudFormationClient,
  ListStackResourcesCommand,
  type Stack,
} from '@aws-sdk/client-cloudformation';
import { DescribeAlarmsCommand, type CloudWatchClient } from '@aws-sdk/client-cloudwatch';

/** DescribeAlarms takes at most 100 alarm names a call (its API reference). */
const ALARM_NAMES_PER_CALL = 100;

export interface StackState {
  /** CloudFormation's StackStatus, or NOT_DEPLOYED. */
  readonly status: string;
  readonly url?: string;
  /** When it was last updated (or created). */
  readonly lastDeploy?: Date;
  /** Names of the stack's alarms now in ALARM. */
  readonly alarmsInAlarm: readonly string[];
}

interface StatusClients {
  readonly cloudformation: CloudFormationClient;
  readonly cloudwatch: CloudWatchClient;
}

export async function readStackState(
  clients: StatusClients,
  stackName: string,
): Promise<StackState> {
  let stack: Stack | undefined;
  try {
    const answer = await clients.cloudformation.send(
      new DescribeStacksCommand({ StackName: stackName }),
    );
    stack = answer.Stacks?.[0];
  } catch (error) {
    // CloudFormation answers a stack that does not exist with a ValidationError saying so.
    if (error instanceof Error && /does not exist/.test(error.message)) {
      return { status: 'NOT_DEPLOYED', alarmsInAlarm: [] };
    }
    throw error;
  }
  if (!stack) return { status: 'NOT_DEPLOYED', alarmsInAlarm: [] };
  const alarmNames: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await clients.cloudformation.send(
      new ListStackResourcesCommand({ StackName: stackName, NextToken }),
    );
    for (const resource of page.StackResourceSummaries ?? []) {
      if (resource.ResourceType === 'AWS::CloudWatch::Alarm' && resource.PhysicalResourceId)
        alarmNames.push(resource.PhysicalResourceId);
    }
    NextToken = page.NextToken;
  } while (NextToken);
  const alarmsInAlarm: string[] = [];
  for (let i = 0; i < alarmNames.length; i += ALARM_NAMES_PER_CALL) {
    const page = await clients.cloudwatch.send(
      new DescribeAlarmsCommand({
        AlarmNames: alarmNames.slice(i, i + ALARM_NAMES_PER_CALL),
        StateValue: 'ALARM',
        AlarmTypes: ['MetricAlarm', 'CompositeAlarm'],
      }),
    );
    for (const alarm of [...(page.MetricAlarms ?? []), ...(page.CompositeAlarms ?? [])]) {
      if (alarm.AlarmName) alarmsInAlarm.push(alarm.AlarmName);
    }
  }
  return {
    status: stack.StackStatus ?? 'UNKNOWN',
    url: stack.Outputs?.find((o) => o.OutputKey === 'SiteUrl')?.OutputValue,
    lastDeploy: stack.LastUpdatedTime ?? stack.CreationTime,
    alarmsInAlarm: alarmsInAlarm.sort(),
  };
}
