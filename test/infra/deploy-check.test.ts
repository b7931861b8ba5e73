/**
 * The deploy check that needs no AWS account: the app is synthesized as `npm run synth` would (the
 * default options, and every option on, and the account base with its us-east-1 part), and each template is
 * checked the way CloudFormation would refuse it before creating anything: cfn-lint's errors (when
 * cfn-lint is installed: `pip install cfn-lint`), and CloudFormation's size and count quotas.
 * test/infra/stack.test.ts and deploy-options.test.ts hold the product's own template assertions.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testBase } from './support';

/** CloudFormation quotas a template must fit (templates are uploaded to S3 by the CDK). */
const MAX_TEMPLATE_BYTES = 1_000_000;
const MAX_RESOURCES = 500;
const MAX_OUTPUTS = 200;
/** cfn-lint's exit code is a bit mask: 2 means at least one error (4 warnings, 8 informational). */
const CFN_LINT_ERROR_BIT = 2;

const hasCfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasCfnLint) {
  console.warn(
    'deploy check: cfn-lint is not on PATH, so the templates are not linted (pip install cfn-lint); the quota checks still run.',
  );
}

const saved = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
/** Every template file of both synthesized apps. */
let templates: string[] = [];

beforeAll(() => {
  // WAF spans two regions, so its app needs a concrete account.
  process.env.CDK_DEFAULT_ACCOUNT = '123456789012';
  process.env.CDK_DEFAULT_REGION = 'ap-southeast-2';
  const apps = [
    testApp({ context: { region: 'ap-southeast-2' } }),
    testApp({
      context: {
        shop: 'joes-pizza',
        waf: 'true',
        domainName: 'spin.example.com.au',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        smsSenderId: 'SpinWin',
        smsHourlyCap: '150',
        clientCodesPerHour: '40',
        alarmEmail: 'ops@agency.example',
        smsMonthlySpendAlarmUsd: '75',
        // The fleet's shops (fleet.example.json) use no option this shop lacks: their templates
        // are these, so cfn-lint runs here only (test/infra/fleet.test.ts checks what is theirs).
        deletionProtection: 'true',
        smsDailyCap: '400',
        timeZone: 'Australia/Melbourne',
      },
    }),
    // The account base every shop imports from.
    testBase({ context: { smsMonthlySpendAlarmUsd: '75' } }),
  ];
  templates = apps.flatMap(({ app }) => {
    const assembly = app.synth();
    return assembly.stacks.map((stack) => join(assembly.directory, stack.templateFile));
  });
}, 120_000);
afterAll(() => {
  process.env.CDK_DEFAULT_ACCOUNT = saved.account;
  process.env.CDK_DEFAULT_REGION = saved.region;
  if (saved.account === undefined) delete process.env.CDK_DEFAULT_ACCOUNT;
  if (saved.region === undefined) delete process.env.CDK_DEFAULT_REGION;
});

describe('deploy check', () => {
  it('synthesizes one stack for each shop app, and the account base with its us-east-1 part', () => {
    expect(templates.map((t) => t.replace(/.*\//, '')).sort()).toEqual([
      'SpinWin-joes-pizza.template.json',
      'SpinWin.template.json',
      'SpinWinBase.template.json',
      'SpinWinBaseEdge.template.json',
    ]);
  });

  it("blocks the self-service calls the product never makes (DeleteUser...) in the staff pools' web ACL", () => {
    const main = templates.find((t) => t.endsWith('SpinWinBase.template.json'))!;
    const resources = Object.values(
      (JSON.parse(readFileSync(main, 'utf8')) as { Resources: Record<string, unknown> }).Resources,
    ) as { Type: string; Properties: { Rules?: { Name: string }[] } }[];
    const blocking = resources.filter(
      (r) =>
        r.Type === 'AWS::WAFv2::WebACL' &&
        r.Properties.Rules?.some((rule) => rule.Name === 'BlockUnusedOperations'),
    );
    expect(blocking).toHaveLength(1);
    // Matched without regard to case (the header is lowercased first).
    const text = JSON.stringify(blocking[0]).toLowerCase();
    for (const operation of [
      'DeleteUser',
      'UpdateUserAttributes',
      'ChangePassword',
      'GlobalSignOut',
    ])
      expect(text).toContain(`"awscognitoidentityproviderservice.${operation.toLowerCase()}"`);
    expect(text).not.toContain('awscognitoidentityproviderservice.initiateauth"');
  });

  it('fits every template within CloudFormation quotas', () => {
    for (const file of templates) {
      const template = JSON.parse(readFileSync(file, 'utf8')) as {
        Resources: object;
        Outputs?: object;
      };
      expect(statSync(file).size, file).toBeLessThan(MAX_TEMPLATE_BYTES);
      expect(Object.keys(template.Resources).length, file).toBeLessThanOrEqual(MAX_RESOURCES);
      expect(Object.keys(template.Outputs ?? {}).length, file).toBeLessThanOrEqual(MAX_OUTPUTS);
    }
  });

  it.skipIf(!hasCfnLint)(
    'passes cfn-lint with no error',
    () => {
      const run = spawnSync('cfn-lint', ['--format', 'parseable', '--', ...templates], {
        encoding: 'utf8',
      });
      const errors = run.stdout.split('\n').filter((line) => /:E\d{4}:/.test(line));
      expect(errors).toEqual([]);
      expect(run.status! & CFN_LINT_ERROR_BIT, run.stderr).toBe(0);
    },
    120_000,
  );
});
