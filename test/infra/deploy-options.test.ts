/** Context options: parsing, and what the optional WAF, custom domain and SMS settings synthesize. */
import { DEFAULT_STAFF_AUTH_RATE_LIMIT } from '../../infra/constructs/waf';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { readDeployConfig, REPO_ROOT, withOptionsTable } from '../../infra/deploy-config';
import { SMS_GLOBAL_DAILY_CAP_DEFAULT, SMS_PRICE_USD_DEFAULT } from '@shared/constants';
import { targetLine } from '../../infra/build-app';
import { BASE_EXPORTS } from '../../infra/stack-names';
import { BUSINESS_METRICS, TABLES } from '@shared/definitions';
import { nagFindings, testApp, testBase } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const REGION = 'ap-southeast-2';
/** A context with the region and alarm address every deploy needs, unless the values say otherwise. */
const context = (values: Record<string, unknown>) => (key: string) =>
  ({ region: REGION, alarmEmail: 'ops@agency.example', ...values })[key];
/** The environment the region may come from: none here unless a test gives it. */
const NO_ENV = {};

describe('readDeployConfig', () => {
  it('has WAF on and no optional settings by default', () => {
    expect(readDeployConfig(context({}), NO_ENV)).toMatchObject({
      waf: true,
      domainName: undefined,
      smsSenderId: undefined,
      smsHourlyCap: undefined,
      smsDailyCap: SMS_GLOBAL_DAILY_CAP_DEFAULT,
    });
  });

  it('parses command-line strings', () => {
    expect(
      readDeployConfig(
        context({ waf: 'false', smsHourlyCap: '200', smsDailyCap: '1500', smsSenderId: 'SpinWin' }),
        NO_ENV,
      ),
    ).toMatchObject({
      waf: false,
      smsHourlyCap: 200,
      smsDailyCap: 1500,
      smsSenderId: 'SpinWin',
    });
  });

  it('reads the alarm options', () => {
    expect(
      readDeployConfig(
        context({ alarmEmail: 'ops@agency.example', smsMonthlySpendAlarmUsd: '75' }),
        NO_ENV,
      ),
    ).toMatchObject({ alarmEmail: 'ops@agency.example', smsMonthlySpendAlarmUsd: 75 });
    expect(readDeployConfig(context({}), NO_ENV).smsMonthlySpendAlarmUsd).toBe(50);
  });

  it('refuses a deploy without alarmEmail, saying how to name nobody', () => {
    expect(() => readDeployConfig(context({ alarmEmail: undefined }), NO_ENV)).toThrow(
      /No alarmEmail: pass -c alarmEmail=<address>.*-c alarmEmail=none/,
    );
    expect(() => testApp({ context: { alarmEmail: undefined } })).toThrow(/No alarmEmail/);
  });

  it('takes alarmEmail=none as an explicit "tell nobody"', () => {
    expect(readDeployConfig(context({ alarmEmail: 'none' }), NO_ENV).alarmEmail).toBeUndefined();
  });

  it.each([
    [{ alarmEmail: 'not-an-address' }, /alarmEmail/],
    [{ smsMonthlySpendAlarmUsd: '0' }, /smsMonthlySpendAlarmUsd/],
    [{ smsMonthlySpendAlarmUsd: 'lots' }, /smsMonthlySpendAlarmUsd/],
    [{ smsHourlyCap: '0' }, /smsHourlyCap/],
    [{ smsHourlyCap: '2.5' }, /smsHourlyCap/],
    [{ smsDailyCap: '0' }, /smsDailyCap must be a whole number/],
    [{ smsDailyCap: 'lots' }, /smsDailyCap must be a whole number/],
    [{ smsSenderId: 'Spin&Win' }, /smsSenderId/],
    [{ smsSenderId: 'TOOLONGSENDER' }, /smsSenderId/],
    [{ smsSenderId: '12345' }, /smsSenderId/],
    [{ waf: 'yes' }, /waf/],
    [{ timeZone: 'Sydney' }, /timeZone/],
    [{ smsPriceUsd: '-1' }, /smsPriceUsd/],
    [{ smsPriceUsd: 'cheap' }, /smsPriceUsd/],
    [{ ownerCurrency: 'AUD' }, /ownerCurrency/],
    [{ ownerCurrency: 'XYZ1 1.5 2025-11-14' }, /ownerCurrency/],
    [{ ownerCurrency: 'NZD -1 2025-11-14' }, /ownerCurrency/],
    [{ ownerCurrency: 'NZD 1.7 14/11/2025' }, /ownerCurrency/],
    // The old AUD option is refused with its replacement, never silently ignored.
    [{ smsPriceAud: '0.06' }, /smsPriceUsd/],
    // AWS's Australian sender ID form takes 3-11 characters.
    [{ smsSenderId: 'SW' }, /smsSenderId must be 3-11/],
    [{ deletionProtection: 'yes' }, /deletionProtection/],
    [{ poolDeletionProtection: 'true' }, /replaced by deletionProtection/],
    [{ region: 'sydney' }, /not an AWS region/],
    [{ domainName: 'spin.example.com' }, /certificateArn/],
    [
      {
        domainName: 'spin.example.com',
        certificateArn: 'arn:aws:acm:ap-southeast-2:1:certificate/x',
      },
      /us-east-1/,
    ],
  ])('refuses %j', (values, message) => {
    expect(() => readDeployConfig(context(values), NO_ENV)).toThrow(message);
  });
});

describe('region: never guessed', () => {
  it('refuses a deploy without -c region or AWS_REGION, naming both', () => {
    expect(() => readDeployConfig(context({ region: undefined }), NO_ENV)).toThrow(
      /-c region=<region>.*AWS_REGION.*us-east-1/,
    );
  });

  it('takes -c region first, then AWS_REGION, and says which', () => {
    expect(
      readDeployConfig(context({ region: 'ap-southeast-4' }), { AWS_REGION: 'us-east-1' }),
    ).toMatchObject({ region: 'ap-southeast-4', regionSource: 'context' });
    expect(
      readDeployConfig(context({ region: undefined }), { AWS_REGION: 'ap-southeast-2' }),
    ).toMatchObject({ region: 'ap-southeast-2', regionSource: 'environment' });
  });

  it('binds the stack to that region and prints it before anything is deployed', () => {
    vi.stubEnv('AWS_REGION', undefined);
    // CDK_DEFAULT_REGION is what the CLI falls back to (us-east-1): it is never read.
    vi.stubEnv('CDK_DEFAULT_REGION', 'us-east-1');
    expect(() => testApp({ context: { region: undefined } })).toThrow(/No region/);
    const built = testApp({ context: { region: 'ap-southeast-2', shop: 'joes' } });
    expect(built.stack.region).toBe('ap-southeast-2');
    expect(targetLine(built)).toBe(
      'Spin & Win: SpinWin-joes in region ap-southeast-2 (from -c region), account 123456789012.',
    );
  });
});

describe('SpinWin with every option on', () => {
  const saved = {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  let built: ReturnType<typeof testApp>;
  let main: { Resources: Record<string, Json> };
  /** The account base the shop attaches to (its region's part, and its us-east-1 part). */
  let base: { Resources: Record<string, Json> };
  let edge: { Resources: Record<string, Json> };
  let baseBuilt: ReturnType<typeof testBase>;

  beforeAll(() => {
    // WAF spans two regions, so the stacks need a concrete account.
    process.env.CDK_DEFAULT_ACCOUNT = '123456789012';
    process.env.CDK_DEFAULT_REGION = 'ap-southeast-2';
    built = testApp({
      context: {
        waf: 'true',
        domainName: 'spin.example.com.au',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        smsSenderId: 'SpinWin',
        smsHourlyCap: '150',
        smsDailyCap: '900',
        alarmEmail: 'ops@agency.example',
        smsMonthlySpendAlarmUsd: '75',
        timeZone: 'Australia/Perth',
        smsPriceUsd: '0.08',
        ownerCurrency: 'NZD 1.71 2026-01-02',
        deletionProtection: 'true',
      },
    });
    main = Template.fromStack(built.stack).toJSON() as typeof main;
    baseBuilt = testBase();
    base = Template.fromStack(baseBuilt.base).toJSON() as typeof base;
    edge = Template.fromStack(baseBuilt.edge).toJSON() as typeof edge;
  }, 120_000);
  afterAll(() => {
    process.env.CDK_DEFAULT_ACCOUNT = saved.account;
    process.env.CDK_DEFAULT_REGION = saved.region;
    if (saved.account === undefined) delete process.env.CDK_DEFAULT_ACCOUNT;
    if (saved.region === undefined) delete process.env.CDK_DEFAULT_REGION;
  });

  const ofType = (t: { Resources: Record<string, Json> }, type: string) =>
    Object.values(t.Resources).filter((r) => r.Type === type);

  it('leaves no cdk-nag finding unacknowledged', () => {
    expect(nagFindings(built.app)).toEqual([]);
  });

  it('turns deletion protection on for both pools and every table after go-live (-c deletionProtection=true)', () => {
    const pools = ofType(main, 'AWS::Cognito::UserPool');
    expect(pools).toHaveLength(2);
    for (const pool of pools) expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
    const tables = ofType(main, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(TABLES.length);
    for (const table of tables) expect(table.Properties.DeletionProtectionEnabled).toBe(true);
  });

  it("attaches the base's CloudFront web ACL (us-east-1), whose per-address rate rule on /api/* counts each shop's host apart", () => {
    expect(baseBuilt.edge.region).toBe('us-east-1');
    const [acl] = ofType(edge, 'AWS::WAFv2::WebACL');
    expect(acl?.Properties.Scope).toBe('CLOUDFRONT');
    const rate = acl!.Properties.Rules[0].Statement.RateBasedStatement;
    expect(rate).toMatchObject({
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [
        { IP: {} },
        { Header: { Name: 'host', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
      ],
    });
    expect(rate.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      SearchString: '/api/',
      PositionalConstraint: 'STARTS_WITH',
    });
    const [distribution] = ofType(main, 'AWS::CloudFront::Distribution');
    const read = distribution!.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'];
    expect(read).toEqual({
      StackName: baseBuilt.edge.stackName,
      Region: 'us-east-1',
      OutputName: 'ApiWebAclArn',
    });
    expect(
      (Template.fromStack(baseBuilt.edge).toJSON() as { Outputs: Record<string, Json> }).Outputs
        .ApiWebAclArn!.Value,
    ).toEqual({
      'Fn::GetAtt': [
        Object.keys(edge.Resources).find((id) => edge.Resources[id]!.Type === 'AWS::WAFv2::WebACL'),
        'Arn',
      ],
    });
  });

  /** The base's web ACL a shop's pool is associated with (by export name), and the association. */
  const poolAcl = (pool: 'AuthVisitorPool' | 'AuthStaffPool') => {
    const association = ofType(main, 'Custom::WebAclAssociation').find((a) =>
      JSON.stringify(a.Properties.ResourceArn).includes(pool),
    );
    const exportName = association?.Properties.WebAclArn['Fn::ImportValue'] as string;
    const output = Object.values(
      (Template.fromStack(baseBuilt.base).toJSON() as { Outputs: Record<string, Json> }).Outputs,
    ).find((o) => o.Export.Name === exportName);
    const aclId = output?.Value['Fn::GetAtt'][0] as string;
    return { association, acl: base.Resources[aclId], aclId };
  };

  it("associates the visitor pool and the staff pool each with the base's regional web ACL of its kind", () => {
    const visitor = poolAcl('AuthVisitorPool');
    const staff = poolAcl('AuthStaffPool');
    for (const { acl } of [visitor, staff]) {
      expect(acl?.Type).toBe('AWS::WAFv2::WebACL');
      expect(acl?.Properties.Scope).toBe('REGIONAL');
      expect(acl!.Properties.Rules[0].Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
      });
      expect(acl!.Properties.Rules[0].Action).toEqual({ Block: {} });
    }
    expect(visitor.aclId).not.toBe(staff.aclId);
    expect(staff.acl!.Properties.Rules[0].Statement.RateBasedStatement.Limit).toBe(
      DEFAULT_STAFF_AUTH_RATE_LIMIT,
    );
    // The shop holds no web ACL of its own.
    expect(ofType(main, 'AWS::WAFv2::WebACL')).toEqual([]);
  });

  it("associates them through the base's custom resource function that waits for WAF, not one that fails at once", () => {
    expect(ofType(main, 'AWS::WAFv2::WebACLAssociation')).toEqual([]);
    expect(ofType(main, 'Custom::WebAclAssociation')).toHaveLength(2);
    const { association } = poolAcl('AuthVisitorPool');
    // Longer than the handler's retries (9 minutes), far shorter than CloudFormation's hour.
    expect(Number(association!.Properties.ServiceTimeout)).toBeGreaterThan(9 * 60);
    expect(Number(association!.Properties.ServiceTimeout)).toBeLessThanOrEqual(15 * 60);
    expect(association!.Properties.ServiceToken).toEqual({
      'Fn::ImportValue': BASE_EXPORTS.wafAssociatorArn,
    });
    const [fnId] = Object.keys(base.Resources).filter(
      (id) =>
        base.Resources[id]!.Type === 'AWS::Lambda::Function' &&
        /custom resource: associates/i.test(base.Resources[id]!.Properties.Description as string),
    );
    expect(base.Resources[fnId!]!.Properties.Timeout).toBe(600);
    const role = base.Resources[fnId!]!.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType(base, 'AWS::IAM::Policy')
      .filter((p) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]);
    expect(statements.flatMap((st) => [st.Action].flat()).sort()).toEqual([
      'cognito-idp:AssociateWebACL',
      'cognito-idp:DisassociateWebACL',
      'cognito-idp:GetWebACLForResource',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'wafv2:AssociateWebACL',
      'wafv2:DisassociateWebACL',
    ]);
    // The pools it may touch are the account's in this region, the ACLs only the base's two.
    const resources = JSON.stringify(statements.flatMap((st) => [st.Resource].flat()));
    expect(resources).toContain(':cognito-idp:ap-southeast-2:123456789012:userpool/*');
    expect(resources).not.toMatch(/wafv2[^"]*\*/);
  });

  it('serves the custom domain with its certificate and TLS 1.2', () => {
    const config = ofType(main, 'AWS::CloudFront::Distribution')[0]!.Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['spin.example.com.au']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it("keeps every function's logs a month in the shop and the base, CDK's providers included", () => {
    expect(ofType(main, 'AWS::Lambda::Function').length).toBeGreaterThan(0);
    for (const template of [main, base, edge]) {
      for (const [id, fn] of Object.entries(template.Resources)) {
        if (fn.Type !== 'AWS::Lambda::Function') continue;
        // Its own log group, or the /aws/lambda/<function> one CDK makes (useCdkManagedLogGroup).
        const named = Object.keys(template.Resources).find(
          (g) =>
            JSON.stringify(template.Resources[g]!.Properties?.LogGroupName) ===
            JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: id }]] }),
        );
        const logGroup = (fn.Properties.LoggingConfig?.LogGroup?.Ref as string) ?? named;
        expect(template.Resources[logGroup]?.Properties.RetentionInDays, id).toBe(30);
      }
    }
  });

  it('emails the alarms to alarmEmail', () => {
    const [topic] = Object.keys(main.Resources).filter(
      (id) => main.Resources[id]!.Type === 'AWS::SNS::Topic',
    );
    expect(ofType(main, 'AWS::SNS::Subscription').map((s) => s.Properties)).toEqual([
      { Protocol: 'email', Endpoint: 'ops@agency.example', TopicArn: { Ref: topic } },
    ]);
  });

  it('alarms at the SMS spend (in the account base) and hourly cap the context sets', () => {
    const alarms = ofType(main, 'AWS::CloudWatch::Alarm').map((a) => a.Properties);
    // The spend is the account's: the base alarms on it, with the same option.
    expect(alarms.find((a) => a.MetricName === 'SMSMonthToDateSpentUSD')).toBeUndefined();
    const { base } = testBase({ context: { smsMonthlySpendAlarmUsd: '75' } });
    const baseAlarms = Object.values(
      (Template.fromStack(base).toJSON() as { Resources: Record<string, Json> }).Resources,
    ).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
    expect(
      baseAlarms.find((a) => a.Properties.MetricName === 'SMSMonthToDateSpentUSD')?.Properties
        .Threshold,
    ).toBe(75);
    const sent = alarms.filter((a) => a.MetricName === BUSINESS_METRICS.codesSent);
    expect(sent.find((a) => a.Period === 3600)?.Threshold).toBe(120);
    expect(sent.find((a) => a.Period === 86_400)?.Threshold).toBe(720);
  });

  it('passes the SMS settings to the CreateAuthChallenge trigger and the handlers', () => {
    const create =
      main.Resources[
        built.stack.getLogicalId(
          built.stack.auth.createAuthChallenge.function.node.defaultChild as never,
        )
      ]!;
    expect(create.Properties.Environment.Variables).toMatchObject({
      SMS_SENDER_ID: 'SpinWin',
      SMS_HOURLY_CAP: '150',
      SMS_DAILY_CAP: '900',
      BUSINESS_TIME_ZONE: 'Australia/Perth',
    });
  });

  it('gives the insights the business time zone, the SMS price and the owner’s currency', () => {
    const insights =
      main.Resources[
        built.stack.getLogicalId(
          built.stack.api.functions['get-insights']!.function.node.defaultChild as never,
        )
      ]!;
    expect(insights.Properties.Environment.Variables).toMatchObject({
      BUSINESS_TIME_ZONE: 'Australia/Perth',
      SMS_PRICE_USD: '0.08',
      OWNER_CURRENCY: 'NZD',
      USD_RATE: '1.71',
      USD_RATE_DATE: '2026-01-02',
    });
    expect(readDeployConfig(context({}), NO_ENV).ownerCurrency).toBeUndefined();
    expect(readDeployConfig(context({}), NO_ENV)).toMatchObject({
      timeZone: 'Australia/Sydney',
      smsPriceUsd: SMS_PRICE_USD_DEFAULT,
    });
  });
});

describe('shop: one agency, many shops', () => {
  it.each(['joes', 'joes-pizza-2', 'a'])('accepts %j', (shop) => {
    expect(readDeployConfig(context({ shop }), NO_ENV).shop).toBe(shop);
  });

  it.each(['Joes', 'joes_pizza', '-joes', 'joes-', 'joes pizza', 'a'.repeat(25)])(
    'refuses %j',
    (shop) => {
      expect(() => readDeployConfig(context({ shop }), NO_ENV)).toThrow(/shop/);
    },
  );

  it('keeps the stack names of a deployment made before shops existed', () => {
    const built = testApp({ context: { waf: 'false' } });
    expect(built.stack.stackName).toBe('SpinWin');
  });

  describe('two shops synthesized side by side', () => {
    const saved = {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION,
    };
    const shops = ['joes', 'marias-pizza'] as const;
    let built: ReturnType<typeof testApp>[];

    beforeAll(() => {
      // With WAF on, so the edge stack and its cross-region exports are compared too.
      process.env.CDK_DEFAULT_ACCOUNT = '123456789012';
      process.env.CDK_DEFAULT_REGION = 'ap-southeast-2';
      built = shops.map((shop) =>
        testApp({ context: { shop, waf: 'true', alarmEmail: 'ops@example.com' } }),
      );
    }, 120_000);
    afterAll(() => {
      process.env.CDK_DEFAULT_ACCOUNT = saved.account;
      process.env.CDK_DEFAULT_REGION = saved.region;
      if (saved.account === undefined) delete process.env.CDK_DEFAULT_ACCOUNT;
      if (saved.region === undefined) delete process.env.CDK_DEFAULT_REGION;
    });

    /** Every name that must be unique in an account and region, with where it was found. */
    function physicalNames(app: ReturnType<typeof testApp>): Map<string, string> {
      const names = new Map<string, string>();
      const add = (name: unknown, where: string) => {
        // A reference names another resource (a Permission's FunctionName), it does not name one;
        // a name built from one (/aws/lambda/<function>) is as unique as the function's.
        if (name && typeof name === 'object' && /"(Ref|Fn::GetAtt)"/.test(JSON.stringify(name)))
          return;
        const text = typeof name === 'string' ? name : JSON.stringify(name);
        expect(names.has(text), `${text} named twice (${where})`).toBe(false);
        names.set(text, where);
      };
      const stacks = [app.stack];
      for (const stack of stacks) {
        add(`stack ${stack.region} ${stack.stackName}`, stack.stackName);
        const template = Template.fromStack(stack).toJSON() as {
          Resources: Record<string, Json>;
          Outputs?: Record<string, Json>;
        };
        // `property` is the dotted path from Properties (array indexes left out).
        const walk = (value: unknown, path: string, type: string, property: string) => {
          if (Array.isArray(value))
            value.forEach((v, i) => walk(v, `${path}[${i}]`, type, property));
          else if (value && typeof value === 'object') {
            for (const [key, child] of Object.entries(value)) {
              const at = property ? `${property}.${key}` : key;
              if (ACCOUNT_UNIQUE_KEYS.has(`${type}.${at}`) || ACCOUNT_UNIQUE_KEYS.has(key))
                add(child, `${stack.stackName} ${path}.${key}`);
              else walk(child, `${path}.${key}`, type, at);
            }
          }
        };
        for (const [id, resource] of Object.entries(template.Resources)) {
          // The account's SMS delivery logging (SNS's own log groups, its SMS attributes) is one
          // setting every shop in the region writes alike, not a name a shop holds.
          if (SHARED_SETTINGS.has(resource.Type as string)) continue;
          walk(resource.Properties ?? {}, id, resource.Type as string, '');
          // Cross-region references: SSM parameters the edge stack writes for the main stack.
          if (resource.Type === 'Custom::CrossRegionExportWriter') {
            for (const name of Object.keys(resource.Properties.WriterProps.exports as Json))
              add(`ssm ${name}`, `${stack.stackName} ${id}`);
          }
        }
        for (const [id, output] of Object.entries(template.Outputs ?? {})) {
          if (output.Export) add(`export ${JSON.stringify(output.Export.Name)}`, id);
        }
      }
      return names;
    }

    it('share no stack name, physical name, export or SSM parameter', () => {
      const [a, b] = built.map(physicalNames) as [Map<string, string>, Map<string, string>];
      expect(a.size).toBeGreaterThan(5);
      const shared = [...a.keys()].filter((name) => b.has(name));
      expect(shared).toEqual([]);
    });

    it('carry the shop name in every stack name and physical name', () => {
      built.forEach((app, i) => {
        const shop = shops[i]!;
        expect(app.stack.stackName).toBe(`SpinWin-${shop}`);
        for (const [name, where] of physicalNames(app)) {
          const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
          expect(squashed, `${name} (${where})`).toContain(shop.replace(/-/g, ''));
        }
      });
    });
  });
});

/** Resource types that set something of the account the same way for every shop. */
const SHARED_SETTINGS: ReadonlySet<string> = new Set(['Custom::LogRetention', 'Custom::AWS']);

/**
 * Properties whose value must be unique in an account (and region): a physical name. A bare key
 * counts at any depth; `Type.Path.To.Key` is that resource type's property at that path only
 * (`Name` alone is too common: a WAF rule's name is unique within its web ACL only).
 */
const ACCOUNT_UNIQUE_KEYS: ReadonlySet<string> = new Set([
  'TableName',
  'BucketName',
  'FunctionName',
  'LogGroupName',
  'RoleName',
  'UserPoolName',
  'TopicName',
  'AlarmName',
  'DashboardName',
  'StateMachineName',
  'SecretName',
  'AWS::SecretsManager::Secret.Name',
  'AWS::CloudFront::Function.Name',
  'AWS::WAFv2::WebACL.Name',
  'AWS::SSM::Parameter.Name',
  'AWS::CloudFront::ResponseHeadersPolicy.ResponseHeadersPolicyConfig.Name',
  'AWS::CloudFront::OriginAccessControl.OriginAccessControlConfig.Name',
  'AWS::CloudFront::CachePolicy.CachePolicyConfig.Name',
  'AWS::CloudFront::OriginRequestPolicy.OriginRequestPolicyConfig.Name',
]);

describe('deploy options, declared once', () => {
  it('docs/operations.md holds the options table npm run docs:options writes from DEPLOY_OPTIONS', async () => {
    const file = join(REPO_ROOT, 'docs/operations.md');
    const doc = readFileSync(file, 'utf8');
    const written = await format(withOptionsTable(doc), {
      ...(await resolveConfig(file)),
      filepath: file,
    });
    expect(doc).toBe(written);
    const keys = Object.keys(readDeployConfig(context({}), NO_ENV)).filter(
      (key) => key !== 'regionSource',
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(written).toContain(`| \`${key}\``);
  });

  it("synthesizes a shop with WAF on without an account (the base's web ACLs are read, not made)", () => {
    const built = testApp({ account: '' });
    expect(JSON.stringify(Template.fromStack(built.stack).toJSON())).toContain(
      '"Fn::GetStackOutput"',
    );
  });
});

describe('alarmEmail=none', () => {
  it('deploys the alarm topic with no subscription', () => {
    const built = testApp({ context: { alarmEmail: 'none', waf: 'false' } });
    const resources = Object.values(
      (Template.fromStack(built.stack).toJSON() as { Resources: Record<string, Json> }).Resources,
    );
    expect(resources.filter((r) => r.Type === 'AWS::SNS::Topic')).toHaveLength(1);
    expect(resources.filter((r) => r.Type === 'AWS::SNS::Subscription')).toEqual([]);
  });
});
