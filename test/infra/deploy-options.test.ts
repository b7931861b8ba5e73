/** Context options: parsing, and what the optional WAF, custom domain and SMS settings synthesize. */
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeployConfig } from '../../infra/deploy-config';
import { nagFindings, testApp } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const context = (values: Record<string, unknown>) => (key: string) => values[key];

describe('readDeployConfig', () => {
  it('has WAF off and no optional settings by default', () => {
    expect(readDeployConfig(context({}))).toMatchObject({
      waf: false,
      domainName: undefined,
      smsSenderId: undefined,
      smsHourlyCap: undefined,
    });
  });

  it('parses command-line strings', () => {
    expect(
      readDeployConfig(context({ waf: 'true', smsHourlyCap: '200', smsSenderId: 'SpinWin' })),
    ).toMatchObject({
      waf: true,
      smsHourlyCap: 200,
      smsSenderId: 'SpinWin',
    });
  });

  it.each([
    [{ smsHourlyCap: '0' }, /smsHourlyCap/],
    [{ smsHourlyCap: '2.5' }, /smsHourlyCap/],
    [{ smsSenderId: 'Spin&Win' }, /smsSenderId/],
    [{ smsSenderId: 'TOOLONGSENDER' }, /smsSenderId/],
    [{ smsSenderId: '12345' }, /smsSenderId/],
    [{ waf: 'yes' }, /waf/],
    [{ domainName: 'spin.example.com' }, /certificateArn/],
    [
      {
        domainName: 'spin.example.com',
        certificateArn: 'arn:aws:acm:ap-southeast-2:1:certificate/x',
      },
      /us-east-1/,
    ],
  ])('refuses %j', (values, message) => {
    expect(() => readDeployConfig(context(values))).toThrow(message);
  });
});

describe('SpinWin with every option on', () => {
  const saved = {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  let built: ReturnType<typeof testApp>;
  let main: { Resources: Record<string, Json> };
  let edge: { Resources: Record<string, Json> };

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
      },
    });
    main = Template.fromStack(built.stack).toJSON() as typeof main;
    edge = Template.fromStack(built.edge!).toJSON() as typeof edge;
  }, 60_000);
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

  it('puts a CloudFront web ACL with a per-IP rate rule on /api/* in us-east-1', () => {
    expect(built.edge!.region).toBe('us-east-1');
    const [acl] = ofType(edge, 'AWS::WAFv2::WebACL');
    expect(acl?.Properties.Scope).toBe('CLOUDFRONT');
    const rate = acl!.Properties.Rules[0].Statement.RateBasedStatement;
    expect(rate).toMatchObject({ AggregateKeyType: 'IP' });
    expect(rate.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      SearchString: '/api/',
      PositionalConstraint: 'STARTS_WITH',
    });
    const [distribution] = ofType(main, 'AWS::CloudFront::Distribution');
    expect(distribution!.Properties.DistributionConfig.WebACLId).toBeDefined();
  });

  it('puts a regional web ACL with a rate rule on the visitor pool', () => {
    const [acl] = ofType(main, 'AWS::WAFv2::WebACL');
    expect(acl?.Properties.Scope).toBe('REGIONAL');
    const [association] = ofType(main, 'AWS::WAFv2::WebACLAssociation');
    expect(JSON.stringify(association!.Properties.ResourceArn)).toContain('AuthVisitorPool');
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
    });
  });
});
