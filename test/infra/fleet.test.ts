/**
 * `npm run fleet` (infra/fleet/): the shops file, the run over the base and every shop (goes on past
 * a failed one, ends with the table), `status` read from CloudFormation and CloudWatch (stubbed with
 * aws-sdk-client-mock: AWS has no emulator for them), and `synth` of fleet.example.json through
 * AWS's toolkit library, offline: the base's and the three shops' templates, checked for what a
 * shop must not hold and alarms about its own resources only. cfn-lint runs on the same templates
 * in test/infra/deploy-check.test.ts (a shop with every option the example's shops use).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation';
import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/deploy-config';
import { runFleet, type FleetDeps } from '../../infra/fleet/fleet';
import { readShopsFile } from '../../infra/fleet/shops-file';
import { readStackState } from '../../infra/fleet/status';
import { toolkitActions } from '../../infra/fleet/toolkit';
import { scratchDir } from '../support/scratch';
import { siteFixture, TEST_ACCOUNT } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EXAMPLE = join(REPO_ROOT, 'fleet.example.json');
const SHOPS = ['joes-pizza', 'marios-kebabs', 'sushi-train'];

function shopsFile(json: unknown): string {
  const path = join(scratchDir('fleet'), 'shops.json');
  writeFileSync(path, JSON.stringify(json));
  return path;
}

describe('the shops file', () => {
  it('lists the base first, then each shop with its options, in its region', () => {
    const targets = readShopsFile(EXAMPLE);
    expect(targets.map((t) => t.name)).toEqual(['base', ...SHOPS]);
    expect(targets[0]!.context).toMatchObject({ base: 'true', region: 'ap-southeast-2' });
    expect(targets[1]!.context).toMatchObject({ shop: 'joes-pizza', region: 'ap-southeast-2' });
  });

  it("refuses a bad option with the shop's name and the option's own message, and a shop named twice", () => {
    const shops = [{ shop: 'a', options: { alarmEmail: 'none', smsDailyCap: 'lots' } }];
    const base = { alarmEmail: 'none' };
    expect(() => readShopsFile(shopsFile({ region: 'ap-southeast-2', base, shops }))).toThrow(
      /, a: Context smsDailyCap must be a whole number/,
    );
    const twice = [{ shop: 'a' }, { shop: 'a' }].map((s) => ({
      ...s,
      options: { alarmEmail: 'none' },
    }));
    expect(() =>
      readShopsFile(shopsFile({ region: 'ap-southeast-2', base, shops: twice })),
    ).toThrow(/names a twice/);
    expect(() => readShopsFile(shopsFile({ region: 'ap-southeast-2', base, shops: [] }))).toThrow(
      /shops lists no shop/,
    );
  });
});

describe('a fleet run', () => {
  const targets = readShopsFile(EXAMPLE);
  const state = (name: string) => ({
    status: 'UPDATE_COMPLETE',
    url: name === 'base' ? undefined : `https://${name}.cloudfront.net`,
    lastDeploy: new Date('2026-11-28T10:00:00Z'),
    alarmsInAlarm: name === 'sushi-train' ? ['SpinWin-sushi-train-Api5xx'] : [],
  });

  it('deploy goes on past a failed shop, ends with the table, and exits 1', async () => {
    const lines: string[] = [];
    const acted: string[] = [];
    const deps: FleetDeps = {
      // The toolkit's deploy, as a double: no AWS account here.
      act: async (command, target) => {
        acted.push(`${command} ${target.name}`);
        if (target.name === 'marios-kebabs')
          throw new Error('SpinWin-marios-kebabs failed: x\nmore');
        return `deployed SpinWin-${target.name}`;
      },
      readState: async (target) => state(target.name),
      log: (line) => lines.push(line),
    };
    const { rows, exitCode } = await runFleet('deploy', targets, deps);
    expect(acted).toEqual(['deploy base', ...SHOPS.map((s) => `deploy ${s}`)]);
    expect(exitCode).toBe(1);
    expect(rows.map((r) => r.ok)).toEqual([true, true, false, true]);
    expect(lines).toContain(
      '[3/4] marios-kebabs: FAILED: SpinWin-marios-kebabs failed: x (going on with the next)',
    );
    const table = lines.slice(lines.findIndex((l) => l.startsWith('shop ')));
    expect(table[0]).toMatch(
      /^shop +\| deploy +\| stack status +\| URL +\| last deploy +\| alarms in alarm$/,
    );
    expect(table.find((l) => l.startsWith('sushi-train'))).toMatch(
      /\| https:\/\/sushi-train\.cloudfront\.net +\| 2026-11-28T10:00:00Z \| SpinWin-sushi-train-Api5xx$/,
    );
    expect(table.find((l) => l.startsWith('marios-kebabs'))).toContain('FAILED');
    expect(lines.at(-1)).toBe('deploy: 1 of 4 failed (see above).');
  });

  it('status acts on nothing and reads every stack, going on past one it cannot read', async () => {
    const lines: string[] = [];
    const { rows, exitCode } = await runFleet('status', targets, {
      act: async () => {
        throw new Error('status must not act');
      },
      readState: async (target) => {
        if (target.name === 'joes-pizza') throw new Error('AccessDenied');
        return state(target.name);
      },
      log: (line) => lines.push(line),
    });
    expect(rows.map((r) => [r.shop, r.ok])).toEqual([
      ['base', true],
      ['joes-pizza', false],
      ['marios-kebabs', true],
      ['sushi-train', true],
    ]);
    expect(exitCode).toBe(1);
    expect(lines.find((l) => l.startsWith('joes-pizza'))).toMatch(/\| unreadable +\|/);
  });
});

describe('status: read from CloudFormation and CloudWatch', () => {
  const cloudformation = mockClient(CloudFormationClient);
  const cloudwatch = mockClient(CloudWatchClient);
  const clients = {
    cloudformation: new CloudFormationClient({ region: 'ap-southeast-2' }),
    cloudwatch: new CloudWatchClient({ region: 'ap-southeast-2' }),
  };
  afterAll(() => {
    cloudformation.restore();
    cloudwatch.restore();
  });

  it("gives the stack's status, URL and last deploy, and only its own alarms in ALARM", async () => {
    cloudformation.reset();
    cloudwatch.reset();
    cloudformation.on(DescribeStacksCommand, { StackName: 'SpinWin-joes' }).resolves({
      Stacks: [
        {
          StackName: 'SpinWin-joes',
          StackStatus: 'UPDATE_COMPLETE',
          CreationTime: new Date('2026-11-01T00:00:00Z'),
          LastUpdatedTime: new Date('2026-11-28T09:30:00Z'),
          Outputs: [{ OutputKey: 'SiteUrl', OutputValue: 'https://d1.cloudfront.net' }],
        },
      ],
    });
    // Two pages of resources, as ListStackResources pages them (NextToken).
    cloudformation
      .on(ListStackResourcesCommand, { StackName: 'SpinWin-joes', NextToken: undefined })
      .resolves({
        StackResourceSummaries: [
          alarm('SpinWin-joes-Api5xx'),
          {
            LogicalResourceId: 'T',
            ResourceType: 'AWS::DynamoDB::Table',
            PhysicalResourceId: 't',
            ResourceStatus: 'CREATE_COMPLETE',
            LastUpdatedTimestamp: new Date(),
          },
        ],
        NextToken: 'page2',
      })
      .on(ListStackResourcesCommand, { StackName: 'SpinWin-joes', NextToken: 'page2' })
      .resolves({ StackResourceSummaries: [alarm('SpinWin-joes-SmsDaily')] });
    cloudwatch.on(DescribeAlarmsCommand).resolves({
      MetricAlarms: [{ AlarmName: 'SpinWin-joes-SmsDaily', StateValue: 'ALARM' }],
    });
    const got = await readStackState(clients, 'SpinWin-joes');
    expect(got).toEqual({
      status: 'UPDATE_COMPLETE',
      url: 'https://d1.cloudfront.net',
      lastDeploy: new Date('2026-11-28T09:30:00Z'),
      alarmsInAlarm: ['SpinWin-joes-SmsDaily'],
    });
    // The alarms asked about are the stack's own, by name: never SpinWin-joes-pizza-... by prefix.
    const asked = cloudwatch.commandCalls(DescribeAlarmsCommand)[0]!.args[0].input;
    expect(asked).toMatchObject({
      AlarmNames: ['SpinWin-joes-Api5xx', 'SpinWin-joes-SmsDaily'],
      StateValue: 'ALARM',
    });
    expect(asked.AlarmNamePrefix).toBeUndefined();
  });

  it('says NOT_DEPLOYED for a stack CloudFormation does not have', async () => {
    cloudformation.reset();
    cloudformation.on(DescribeStacksCommand).rejects(
      Object.assign(new Error('Stack with id SpinWin-new does not exist'), {
        name: 'ValidationError',
      }),
    );
    expect(await readStackState(clients, 'SpinWin-new')).toEqual({
      status: 'NOT_DEPLOYED',
      alarmsInAlarm: [],
    });
  });
});

function alarm(name: string) {
  return {
    LogicalResourceId: name.replace(/-/g, ''),
    ResourceType: 'AWS::CloudWatch::Alarm',
    PhysicalResourceId: name,
    ResourceStatus: 'CREATE_COMPLETE' as const,
    LastUpdatedTimestamp: new Date(),
  };
}

describe('synth of fleet.example.json: offline, through the toolkit library', () => {
  const out = scratchDir('fleet-out');
  const templates: Record<string, Json> = {};
  const saved = process.env.CDK_DEFAULT_ACCOUNT;
  let exitCode = -1;

  beforeAll(async () => {
    // The account from the environment, as `CDK_DEFAULT_ACCOUNT=... npm run fleet -- synth` gives it.
    process.env.CDK_DEFAULT_ACCOUNT = TEST_ACCOUNT;
    const targets = readShopsFile(EXAMPLE);
    ({ exitCode } = await runFleet('synth', targets, {
      act: toolkitActions({
        outDir: out,
        log: () => {},
        // A built-site fixture, and no esbuild run (the stack tests bundle).
        extraContext: { siteDirectory: siteFixture(), 'aws:cdk:bundling-stacks': [] },
      }),
      readState: async () => {
        throw new Error('synth reads no AWS state');
      },
      log: () => {},
    }));
    for (const dir of readdirSync(out)) {
      for (const file of readdirSync(join(out, dir)).filter((f) => f.endsWith('.template.json')))
        templates[file] = JSON.parse(readFileSync(join(out, dir, file), 'utf8')) as Json;
    }
  }, 300_000);
  afterAll(() => {
    if (saved === undefined) delete process.env.CDK_DEFAULT_ACCOUNT;
    else process.env.CDK_DEFAULT_ACCOUNT = saved;
  });

  it('writes the base (and its us-east-1 part) and the three shop templates', () => {
    expect(exitCode).toBe(0);
    expect(Object.keys(templates).sort()).toEqual([
      'SpinWin-joes-pizza.template.json',
      'SpinWin-marios-kebabs.template.json',
      'SpinWin-sushi-train.template.json',
      'SpinWinBase.template.json',
      'SpinWinBaseEdge.template.json',
    ]);
  });

  it('leaves the response headers policy, CloudFront Functions, origin access control and web ACLs to the base', () => {
    const types = (file: string) =>
      Object.values(templates[file]!.Resources as Json).map((r) => r.Type as string);
    for (const shop of SHOPS) {
      const held = types(`SpinWin-${shop}.template.json`);
      for (const type of [
        'AWS::CloudFront::ResponseHeadersPolicy',
        'AWS::CloudFront::Function',
        'AWS::CloudFront::OriginAccessControl',
        'AWS::WAFv2::WebACL',
      ])
        expect(held, `${shop} ${type}`).not.toContain(type);
    }
    const base = [...types('SpinWinBase.template.json'), ...types('SpinWinBaseEdge.template.json')];
    expect(base.filter((t) => t === 'AWS::WAFv2::WebACL')).toHaveLength(3);
    expect(base.filter((t) => t === 'AWS::CloudFront::Function')).toHaveLength(3);
  });

  it("names its shop in every alarm, and watches only that shop's own metrics and resources", () => {
    for (const shop of SHOPS) {
      const stack = `SpinWin-${shop}`;
      const resources = templates[`${stack}.template.json`]!.Resources as Json;
      const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
      expect(alarms.length).toBeGreaterThan(5);
      for (const { Properties: a } of alarms) {
        expect(a.AlarmName).toMatch(new RegExp(`^${stack}-`));
        const metrics: Json[] = a.Metrics
          ? (a.Metrics as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric)
          : [{ Namespace: a.Namespace, Dimensions: a.Dimensions }];
        for (const metric of metrics) {
          if (metric.Namespace === `SpinWin/${stack}`) continue;
          // An AWS metric: one of its dimensions is a resource of this template.
          const ours = ((metric.Dimensions ?? []) as Json[]).some((d) => {
            const id = (d.Value?.Ref ?? d.Value?.['Fn::GetAtt']?.[0]) as string | undefined;
            return id !== undefined && resources[id] !== undefined;
          });
          expect(ours, `${a.AlarmName}: ${JSON.stringify(metric)}`).toBe(true);
        }
      }
    }
  });
});
