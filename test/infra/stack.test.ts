/**
 * The production stack, synthesized once (with real esbuild bundling) and checked resource by
 * resource: counts, the key properties the issue lists, parity with the definitions the local
 * stack builds from, and cdk-nag AwsSolutions with no finding left unacknowledged.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CfnResource, type CfnElement } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SPA_FALLBACK,
  STRIP_MEDIA_PREFIX_CODE,
  VIEWER_ADDRESS_CODE,
} from '@shared/cloudfront-functions';
import { SMS_GLOBAL_DAILY_CAP_DEFAULT, SMS_GLOBAL_HOURLY_CAP_DEFAULT } from '@shared/constants';
import {
  LOGO_KEY_PREFIX,
  MEDIA_PATH_PREFIX,
  BUSINESS_METRICS,
  metricsNamespace,
  POOLS,
  SERVICE_NAME,
  STAFF_USERS,
  TABLES,
  TOKEN_VALIDITY,
} from '@shared/definitions';
import { STAFF_ROLES } from '@shared/types';
import { API_ROLE_GROUP, ROUTE_NEEDS, type ApiRoleGroup } from '../../infra/route-permissions';
import { securityHeaders } from '@shared/security-headers';
import type { SpinWinStack } from '../../infra/stack';
import { ROUTES, type RouteAuth } from '@shared/routes';
import { ROUTE_THROTTLES } from '../../infra/constructs/api';
import { REPO_ROOT } from '../../infra/deploy-config';
import { BASE_EXPORTS } from '../../infra/stack-names';
import type { SpinWinBaseStack } from '../../infra/base-stack';
import { FUNCTION_FAILURES_METRIC } from '../../infra/function-defaults';
import { nagFindings, TEST_ACCOUNT, testApp, testBase } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Resource = {
  Type: string;
  Properties: Json;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

const REGION = 'ap-southeast-2';
/** API Gateway's requests a second per account and region, shared by every API (its quotas page). */
const ACCOUNT_API_RATE = 10_000;
/** AWS managed CloudFront policies (ids are fixed by AWS). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
/** The size target for one minified bundle (docs/performance.md). */
const BUNDLE_TARGET_BYTES = 250 * 1024;

let stack: SpinWinStack;
let base: SpinWinBaseStack;
let baseJson: { Resources: Record<string, Resource>; Outputs: Record<string, Json> };
let baseFindings: string[];
let template: Template;
let json: { Resources: Record<string, Resource>; Outputs: Record<string, Json> };
let findings: string[];
let assemblyDir: string;

const ofType = (type: string): [string, Resource][] =>
  Object.entries(json.Resources).filter(([, r]) => r.Type === type);
const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
/** The statements of every IAM policy attached to a role (by role logical id). */
function statementsOfRole(roleId: string): Json[] {
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
}
const actionsOf = (statements: Json[]): string[] =>
  statements.flatMap((s) => [s.Action].flat() as string[]);

beforeAll(() => {
  // The options every deploy must give (region, alarmEmail) and nothing else: the default posture.
  const built = testApp({
    context: { region: REGION, alarmEmail: 'ops@agency.example' },
    bundle: true,
  });
  stack = built.stack;
  findings = nagFindings(built.app);
  template = Template.fromStack(stack);
  json = template.toJSON() as typeof json;
  assemblyDir = built.app.synth().directory;
  // The account base the shop imports from (no function to bundle: it synthesizes in a second).
  const builtBase = testBase();
  base = builtBase.base;
  baseJson = Template.fromStack(base).toJSON() as typeof baseJson;
  baseFindings = nagFindings(builtBase.app);
}, 300_000);

const baseOfType = (type: string): [string, Resource][] =>
  Object.entries(baseJson.Resources).filter(([, r]) => r.Type === type);
/** `Fn::ImportValue` of a base export, as a shop's template holds it. */
const imported = (exportName: string) => ({ 'Fn::ImportValue': exportName });

describe('SpinWinStack', () => {
  it('leaves no cdk-nag AwsSolutions finding unacknowledged', () => {
    expect(findings).toEqual([]);
  });

  it('has no warning or error annotations', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
  });

  describe('Data', () => {
    it('builds one on-demand table per definition, with PITR, retained except on a failed create', () => {
      const tables = ofType('AWS::DynamoDB::Table');
      expect(tables).toHaveLength(TABLES.length);
      for (const [, table] of tables) {
        expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
        expect(table.Properties.PointInTimeRecoverySpecification).toEqual({
          PointInTimeRecoveryEnabled: true,
        });
        expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
        expect(table.UpdateReplacePolicy).toBe('Retain');
      }
    });

    it('gives each table the key schema, GSIs and TTL of infra/definitions.ts TABLES', () => {
      for (const def of TABLES) {
        const table = json.Resources[logicalId(stack.data.tables[def.name])];
        expect(table?.Type).toBe('AWS::DynamoDB::Table');
        const props = table!.Properties;
        expect(props.KeySchema).toEqual([{ AttributeName: def.partitionKey, KeyType: 'HASH' }]);
        expect(props.TimeToLiveSpecification).toEqual(
          def.ttlAttribute ? { AttributeName: def.ttlAttribute, Enabled: true } : undefined,
        );
        const gsis = ((props.GlobalSecondaryIndexes ?? []) as Json[]).map((g) => ({
          indexName: g.IndexName,
          partitionKey: g.KeySchema[0].AttributeName,
          sortKey: g.KeySchema[1]?.AttributeName,
        }));
        expect(gsis).toEqual(def.globalSecondaryIndexes ?? []);
      }
    });
  });

  /**
   * A first deploy that fails at any step must roll back to nothing but what is meant to stay, so
   * that the same command works again. Before this round: both pools had DeletionProtection ACTIVE
   * (the rollback's delete was refused: ROLLBACK_FAILED, and `cdk deploy` cannot retry), and the
   * hashed assets were copied into the site bucket without waiting for the distribution (a failed
   * distribution left files in a bucket the rollback could then not delete).
   */
  describe('a failed first create', () => {
    /** Every resource a given resource waits for, through DependsOn, Ref and GetAtt. */
    function waitsFor(id: string, seen = new Set<string>()): Set<string> {
      const resource = json.Resources[id] as Resource & { DependsOn?: string | string[] };
      const direct = new Set<string>([resource.DependsOn ?? []].flat());
      JSON.stringify(resource.Properties ?? {}).replace(
        /"(?:Ref|Fn::GetAtt)":\s*(?:"([^"]+)"|\["([^"]+)")/g,
        (_m, ref?: string, att?: string) => (direct.add((ref ?? att)!), ''),
      );
      for (const next of direct) {
        if (!json.Resources[next] || seen.has(next)) continue;
        seen.add(next);
        waitsFor(next, seen);
      }
      return seen;
    }

    it('creates both pools without deletion protection, so the rollback can delete them', () => {
      for (const which of ['visitorPool', 'staffPool'] as const) {
        const pool = json.Resources[logicalId(stack.auth[which])]!;
        expect(pool.Properties.DeletionProtection).toBe('INACTIVE');
      }
    });

    it('keeps only the access-log bucket when a create fails; everything else is deleted or RetainExceptOnCreate', () => {
      const byPolicy: Record<string, string[]> = {};
      for (const [, r] of Object.entries(json.Resources)) {
        const policy = r.DeletionPolicy ?? 'Delete';
        (byPolicy[policy] ??= []).push(r.Type);
      }
      for (const types of Object.values(byPolicy)) types.sort();
      // Plain Retain (kept even by a failed create): the access logs only, which S3 and CloudFront
      // may write late; a bucket holding files could not be deleted by the rollback.
      expect(byPolicy.Retain).toEqual(['AWS::S3::Bucket']);
      expect(json.Resources[logicalId(stack.storage.logBucket)]!.DeletionPolicy).toBe('Retain');
      // Kept once they exist, deleted by a failed first create: the data and the keys to it.
      expect([...new Set(byPolicy.RetainExceptOnCreate)]).toEqual([
        'AWS::Cognito::UserPool',
        'AWS::DynamoDB::Table',
        'AWS::S3::Bucket',
        'AWS::SecretsManager::Secret',
      ]);
      expect(
        byPolicy.RetainExceptOnCreate!.filter((t) => t === 'AWS::SecretsManager::Secret'),
      ).toHaveLength(2); // the staff passwords and the erasure key; the origin secret goes
    });

    it('copies the site files only after the distribution and every other resource exist', () => {
      const deployments = ofType('Custom::CDKBucketDeployment').map(([id]) => id);
      expect(deployments).toHaveLength(2);
      // Resources the two deployments are made of (the custom resources, the AWS CLI layer).
      const own = new Set(
        stack.web.siteDeployments.flatMap((d) =>
          d.node
            .findAll()
            .filter((c): c is CfnElement => CfnResource.isCfnResource(c))
            .map((c) => stack.getLogicalId(c)),
        ),
      );
      const distribution = logicalId(stack.web.distribution);
      for (const id of deployments) {
        const before = waitsFor(id);
        expect(before.has(distribution), `${id} waits for the distribution`).toBe(true);
        const notWaitedFor = Object.entries(json.Resources)
          .filter(
            ([other, r]) =>
              !own.has(other) && !before.has(other) && r.Type !== 'AWS::CDK::Metadata',
          )
          .map(([other, r]) => `${other} ${r.Type}`);
        expect(notWaitedFor, `${id} runs last`).toEqual([]);
      }
    });
  });

  describe('Storage', () => {
    it('makes three private, encrypted, versioned, TLS-only buckets', () => {
      const buckets = ofType('AWS::S3::Bucket');
      expect(buckets).toHaveLength(3);
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(
          bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0],
        ).toMatchObject({
          ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' },
        });
        expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
        // The access logs stay even when a first create fails (see 'a failed first create').
        expect(bucket.DeletionPolicy).toBe(
          id === logicalId(stack.storage.logBucket) ? 'Retain' : 'RetainExceptOnCreate',
        );
        expect(bucket.UpdateReplacePolicy).toBe('Retain');
        const policy = ofType('AWS::S3::BucketPolicy').find(
          ([, p]) => p.Properties.Bucket.Ref === id,
        );
        expect(policy, `TLS-only policy of ${id}`).toBeDefined();
        expect(policy![1].Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    });
  });

  describe('Auth', () => {
    const pool = (which: 'visitorPool' | 'staffPool') =>
      json.Resources[logicalId(stack.auth[which])]!.Properties;
    const client = (which: 'visitorClient' | 'staffClient') =>
      json.Resources[logicalId(stack.auth[which])]!.Properties;

    it('makes a phone-number visitor pool with the three custom-auth triggers and no self sign-up', () => {
      const visitor = pool('visitorPool');
      expect(visitor.UsernameAttributes).toEqual(['phone_number']);
      expect(visitor.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
      const triggers = {
        DefineAuthChallenge: stack.auth.defineAuthChallenge,
        CreateAuthChallenge: stack.auth.createAuthChallenge,
        VerifyAuthChallengeResponse: stack.auth.verifyAuthChallenge,
      };
      for (const [key, fn] of Object.entries(triggers)) {
        expect(visitor.LambdaConfig[key]).toEqual({
          'Fn::GetAtt': [logicalId(fn.function), 'Arn'],
        });
      }
      expect(Object.keys(visitor.LambdaConfig).sort()).toEqual(Object.keys(triggers).sort());
      expect(visitor.SmsConfiguration).toBeUndefined();
    });

    it('gives visitors a custom-auth-only client without a secret', () => {
      const visitor = client('visitorClient');
      expect(visitor.ExplicitAuthFlows.sort()).toEqual([
        'ALLOW_CUSTOM_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]);
      expect(visitor.GenerateSecret).toBe(false);
      expect(visitor.PreventUserExistenceErrors).toBe('ENABLED');
      // A slow SMS must still be typed in time: 5 minutes or more (it was Cognito's default 3).
      expect(visitor.AuthSessionValidity).toBe(POOLS.visitor.authSessionValidityMinutes);
      expect(visitor.AuthSessionValidity).toBeGreaterThanOrEqual(5);
      expect(visitor).toMatchObject({
        AccessTokenValidity: TOKEN_VALIDITY.accessMinutes,
        IdTokenValidity: TOKEN_VALIDITY.idMinutes,
        RefreshTokenValidity: 30 * 24 * 60,
      });
    });

    it('lets no client write an attribute, revokes tokens, and ends staff sign-ins within 12 hours', () => {
      for (const which of ['visitorClient', 'staffClient'] as const) {
        // One unused attribute stands for none: an empty list would mean all.
        expect(client(which).WriteAttributes).toEqual(['locale']);
        expect(client(which).EnableTokenRevocation).toBe(true);
      }
      expect(client('staffClient').RefreshTokenValidity).toBe(12 * 60);
    });

    it('makes a staff pool with password sign-in (through our API) only, no self sign-up, groups admin and operator', () => {
      const staff = pool('staffPool');
      expect(staff.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
      expect(staff.Policies.PasswordPolicy.MinimumLength).toBe(6);
      expect(client('staffClient').ExplicitAuthFlows.sort()).toEqual([
        // Passwords from our API only (AdminInitiateAuth): none from the internet.
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]);
      expect(client('staffClient').GenerateSecret).toBe(false);
      const groups = ofType('AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties);
      expect(groups.map((g) => g.GroupName).sort()).toEqual([...STAFF_ROLES].sort());
      for (const g of groups)
        expect(g.UserPoolId).toEqual({ Ref: logicalId(stack.auth.staffPool) });
    });

    it('retains both pools and the staff password secrets, except when the first create rolls back', () => {
      for (const which of ['visitorPool', 'staffPool'] as const) {
        const pool = json.Resources[logicalId(stack.auth[which])]!;
        expect(pool.DeletionPolicy).toBe('RetainExceptOnCreate');
        expect(pool.UpdateReplacePolicy).toBe('Retain');
      }
      const secret = json.Resources[logicalId(stack.auth.staffPasswordsSecret)]!;
      expect(secret.DeletionPolicy).toBe('RetainExceptOnCreate');
      expect(secret.UpdateReplacePolicy).toBe('Retain');
    });

    it("gives up on the staff-users custom resource after a few minutes, not CloudFormation's hour", () => {
      const [[, resource]] = ofType('Custom::StaffUsers') as [[string, Resource]];
      expect(Number(resource.Properties.ServiceTimeout)).toBeGreaterThanOrEqual(60);
      expect(Number(resource.Properties.ServiceTimeout)).toBeLessThanOrEqual(600);
    });

    it('creates the staff users at deploy with passwords kept in one secret, none in the template', () => {
      // Before: one generated secret per staff user (USD 0.40 a month each).
      const secrets = ofType('AWS::SecretsManager::Secret').filter(([, s]) =>
        String(s.Properties.Description).includes('staff user'),
      );
      expect(secrets).toHaveLength(1);
      const [[secretId, secret]] = secrets as [[string, Resource]];
      // Made empty: the custom resource writes each password it generates.
      expect(secret.Properties.SecretString).toBe('{}');
      expect(secret.Properties.GenerateSecretString).toBeUndefined();
      const [resource] = ofType('Custom::StaffUsers');
      expect(resource![1].Properties.PasswordsSecretArn).toEqual({ Ref: secretId });
      const serialized = JSON.stringify(resource![1].Properties);
      for (const user of STAFF_USERS) expect(serialized).toContain(user.username);
      expect(serialized).not.toMatch(/"password"\s*:/i);
      expect(JSON.stringify(json)).not.toMatch(/TemporaryPassword|"Password"/);
    });

    it('lets the staff-users function only manage the staff pool and read and add to its secret', () => {
      const role = logicalId(
        stack.auth.node.findChild('StaffUsers').node.findChild('Role') as never,
      );
      const statements = statementsOfRole(role);
      expect([...new Set(actionsOf(statements))].sort()).toEqual(
        [
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminSetUserPassword',
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          'secretsmanager:GetSecretValue',
          'secretsmanager:PutSecretValue',
        ].sort(),
      );
      const secretStatements = statements.filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('secretsmanager:')),
      );
      expect(secretStatements.map((s) => s.Resource)).toEqual([
        { Ref: logicalId(stack.auth.staffPasswordsSecret) },
      ]);
    });
  });

  describe('SMS sending', () => {
    it("allows sns:Publish to phone numbers only, on the sign-in triggers' shared role only", () => {
      const publishers: string[] = [];
      for (const [, policy] of ofType('AWS::IAM::Policy')) {
        for (const s of policy.Properties.PolicyDocument.Statement as Json[]) {
          if (![s.Action].flat().includes('sns:Publish')) continue;
          expect(s).toEqual({
            Action: 'sns:Publish',
            Effect: 'Allow',
            NotResource: 'arn:aws:sns:*:*:*',
          });
          publishers.push(...(policy.Properties.Roles as Json[]).map((r) => r.Ref));
        }
      }
      expect(publishers).toEqual([logicalId(stack.auth.triggerRole)]);
      expect(stack.auth.createAuthChallenge.role).toBe(stack.auth.triggerRole);
    });

    it('gives the trigger the limits table, and only UpdateItem on the stats table (codes sent)', () => {
      const statements = statementsOfRole(logicalId(stack.auth.createAuthChallenge.role));
      const tableArns = statements.filter((s) =>
        [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')),
      );
      expect(tableArns.map((s) => [s.Resource, [s.Action].flat().length])).toEqual([
        [{ 'Fn::GetAtt': [logicalId(stack.data.tables.limits), 'Arn'] }, 5],
        [{ 'Fn::GetAtt': [logicalId(stack.data.tables.stats), 'Arn'] }, 1],
      ]);
      expect(tableArns[1]?.Action).toEqual('dynamodb:UpdateItem');
    });

    it('lets the three sign-in triggers share one role: the limits table, UpdateItem on stats, no other table', () => {
      // Before: a role each; Define had no table, Verify DeleteItem and UpdateItem on limits. None
      // of the three could touch the customers, slices or settings tables, and none can now.
      for (const trigger of [
        'defineAuthChallenge',
        'createAuthChallenge',
        'verifyAuthChallenge',
      ] as const)
        expect(stack.auth[trigger].role, trigger).toBe(stack.auth.triggerRole);
      const statements = statementsOfRole(logicalId(stack.auth.triggerRole));
      const tables = JSON.stringify(statements);
      for (const other of ['customers', 'slices', 'settings'] as const)
        expect(tables).not.toContain(logicalId(stack.data.tables[other]));
      expect(actionsOf(statements).filter((a) => !/^(dynamodb|logs|sns):/.test(a))).toEqual([]);
    });
  });

  describe('Functions', () => {
    /** Our functions (SpinFunction: the Powertools environment), not the CDK's own providers. */
    const spinFunctions = () =>
      ofType('AWS::Lambda::Function').filter(
        ([, f]) => 'POWERTOOLS_SERVICE_NAME' in (f.Properties.Environment?.Variables ?? {}),
      );

    it("makes one function per route, three triggers, the staff-users resource, the clean-up of unverified users and the stats stream consumer (the WAF associator is the base's)", () => {
      expect(spinFunctions()).toHaveLength(ROUTES.length + 3 + 1 + 1 + 1);
    });

    it('applies the function defaults: Node 22, ARM64, JSON logs, one month of logs, Powertools env', () => {
      for (const [, fn] of spinFunctions()) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          LoggingConfig: { LogFormat: 'JSON' },
          Environment: {
            Variables: { POWERTOOLS_SERVICE_NAME: 'spin-and-win', POWERTOOLS_LOG_LEVEL: 'INFO' },
          },
        });
        const logGroup = json.Resources[fn.Properties.LoggingConfig.LogGroup.Ref];
        expect(logGroup?.Properties.RetentionInDays).toBe(30);
      }
    });

    it('names no function, role or log group of ours: a renamed route id (a new logical id) is replaced on an update, never clashing with the old name', () => {
      // CloudFormation creates the renamed resource before it deletes the old one; a fixed
      // physical name would exist twice at that moment and fail the update.
      for (const [id, fn] of spinFunctions()) {
        expect(fn.Properties.FunctionName, id).toBeUndefined();
        const role = json.Resources[fn.Properties.Role['Fn::GetAtt'][0] as string];
        expect(role?.Type, id).toBe('AWS::IAM::Role');
        expect(role?.Properties.RoleName, id).toBeUndefined();
        const logGroup = json.Resources[fn.Properties.LoggingConfig.LogGroup.Ref as string];
        expect(logGroup?.Properties.LogGroupName, id).toBeUndefined();
        expect(logGroup?.DeletionPolicy, id).toBe('Delete');
      }
    });

    it("keeps every function's logs a month, CDK's own functions included", () => {
      const functions = ofType('AWS::Lambda::Function');
      expect(functions.length).toBeGreaterThan(spinFunctions().length);
      // Its own log group, or the /aws/lambda/<function> one CDK makes (useCdkManagedLogGroup).
      const namedAfter = (fnId: string) =>
        ofType('AWS::Logs::LogGroup').find(
          ([, g]) =>
            JSON.stringify(g.Properties.LogGroupName) ===
            JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: fnId }]] }),
        )?.[0];
      for (const [id, fn] of functions) {
        const logGroup =
          (fn.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined) ?? namedAfter(id);
        expect(logGroup, id).toBeDefined();
        expect(json.Resources[logGroup!]?.Properties.RetentionInDays, id).toBe(30);
        expect(json.Resources[logGroup!]?.DeletionPolicy, id).toBe('Delete');
      }
      for (const [id, logGroup] of ofType('AWS::Logs::LogGroup'))
        expect(logGroup.Properties.RetentionInDays, id).toBe(30);
    });

    it('gives the erasure key only to the functions that read or write erasure markers: its ARN, never its value', () => {
      // Before: all 25 API functions had ERASURE_KEY in their environment, then these 4 had its value.
      const withKey = ofType('AWS::Lambda::Function')
        .filter(([, fn]) => fn.Properties.Environment?.Variables?.ERASURE_KEY_ARN !== undefined)
        .map(([id]) => id)
        .sort();
      const declared = ROUTES.filter((r) => ROUTE_NEEDS[r.id].erasureKey).map((r) => r.id);
      expect(declared.sort()).toEqual(['create-spin', 'erase-customer', 'has-reward', 'start-otp']);
      expect(withKey).toEqual(
        declared.map((id) => logicalId(stack.api.functions[id]!.function)).sort(),
      );
      // And no bundle without the key refers to it except through code it never runs
      // (test/lambdas/secrets-per-route.test.ts runs those without it).
      const erasureSecret = ofType('AWS::SecretsManager::Secret').find(([, r]) =>
        String(r.Properties.Description).includes('erased'),
      )![0];
      for (const id of withKey)
        expect(json.Resources[id]!.Properties.Environment.Variables.ERASURE_KEY_ARN).toEqual({
          Ref: erasureSecret,
        });
    });

    it('gives every API handler the environment contract', () => {
      for (const route of ROUTES) {
        const fn = json.Resources[logicalId(stack.api.functions[route.id]!.function)]!;
        expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
          expect.arrayContaining([
            'CUSTOMERS_TABLE',
            'SLICES_TABLE',
            'SETTINGS_TABLE',
            'LIMITS_TABLE',
            'LOGO_BUCKET',
            'VISITOR_USER_POOL_ID',
            'STAFF_USER_POOL_ID',
          ]),
        );
      }
    });

    it('bundles each function as one minified ESM file without the AWS SDK', () => {
      for (const [, fn] of spinFunctions()) {
        const asset = join(
          assemblyDir,
          `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`,
          'index.mjs',
        );
        expect(existsSync(asset), asset).toBe(true);
        const code = readFileSync(asset, 'utf8');
        expect(code).toMatch(/export\s*\{[^}]*as handler\s*\}/);
        expect(code).not.toContain('@aws-sdk/client-dynamodb/dist'); // external, not bundled
        expect(statSync(asset).size).toBeGreaterThan(0);
      }
    });

    it('reports bundle sizes against the 250 KB target', () => {
      const pathOf = new Map(
        stack.node
          .findAll()
          .map((c) => [c.node.defaultChild ? logicalId(c) : '', c.node.path] as const),
      );
      const sizes = spinFunctions().map(([id, fn]) => {
        const asset = join(
          assemblyDir,
          `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`,
          'index.mjs',
        );
        const size = statSync(asset).size;
        return {
          fn: pathOf.get(id) ?? id,
          kb: Math.round(size / 1024),
          overTarget: size > BUNDLE_TARGET_BYTES,
        };
      });
      // Visible in the test output; the size target itself is enforced by the web size benchmark.
      console.info(JSON.stringify(sizes));
      expect(sizes).toHaveLength(ROUTES.length + 6);
    });
  });

  describe('Api', () => {
    const routes = () => ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    const authorizerName = (ref: Json | undefined): string | undefined =>
      ref ? json.Resources[ref.Ref]?.Properties.Name : undefined;
    const routeIdOfTarget = (target: Json): string | undefined => {
      const integration = json.Resources[target['Fn::Join'][1][1].Ref]!.Properties;
      const fnId = integration.IntegrationUri['Fn::GetAtt'][0];
      return ROUTES.find((r) => logicalId(stack.api.functions[r.id]!.function) === fnId)?.id;
    };

    it('defines exactly the routes of shared/routes.ts, each with its own handler', () => {
      const synthesized = routes()
        .map((r) => `${r.RouteKey} -> ${routeIdOfTarget(r.Target)}`)
        .sort();
      expect(synthesized).toEqual(ROUTES.map((r) => `${r.method} ${r.path} -> ${r.id}`).sort());
    });

    it('puts the right JWT authorizer on every non-public route and none on public ones', () => {
      // Admin routes take staff tokens; the handler checks the token's admin group.
      const expected: Record<RouteAuth, string | undefined> = {
        public: undefined,
        visitor: 'VisitorAuthorizer',
        staff: 'StaffAuthorizer',
        admin: 'StaffAuthorizer',
      };
      for (const r of routes()) {
        const def = ROUTES.find((d) => `${d.method} ${d.path}` === r.RouteKey)!;
        const authorizer = expected[def.auth];
        if (authorizer === undefined) {
          expect(r.AuthorizationType ?? 'NONE', r.RouteKey).toBe('NONE');
          expect(r.AuthorizerId).toBeUndefined();
        } else {
          expect(r.AuthorizationType, r.RouteKey).toBe('JWT');
          expect(authorizerName(r.AuthorizerId), r.RouteKey).toBe(authorizer);
        }
      }
    });

    it('checks each pool issuer and app client audience', () => {
      const authorizers = ofType('AWS::ApiGatewayV2::Authorizer').map(([, a]) => a.Properties);
      expect(authorizers).toHaveLength(2);
      for (const [name, pool, client] of [
        ['VisitorAuthorizer', stack.auth.visitorPool, stack.auth.visitorClient],
        ['StaffAuthorizer', stack.auth.staffPool, stack.auth.staffClient],
      ] as const) {
        const a = authorizers.find((x) => x.Name === name)!;
        expect(a.AuthorizerType).toBe('JWT');
        expect(a.IdentitySource).toEqual(['$request.header.Authorization']);
        expect(a.JwtConfiguration.Audience).toEqual([{ Ref: logicalId(client) }]);
        expect(a.JwtConfiguration.Issuer).toEqual({
          'Fn::Join': [
            '',
            [`https://cognito-idp.${REGION}.amazonaws.com/`, { Ref: logicalId(pool) }],
          ],
        });
      }
    });

    it('logs the stage', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: {
          DestinationArn: Match.anyValue(),
          Format: Match.stringLikeRegexp('requestId'),
        },
      });
    });

    it("grants each group's shared role the union of its routes' needs (infra/route-permissions.ts), nothing none of them needs", () => {
      const groups = Object.keys(stack.api.roles) as ApiRoleGroup[];
      expect(groups.sort()).toEqual([...new Set(Object.values(API_ROLE_GROUP))].sort());
      for (const group of groups) {
        const routes = ROUTES.filter((r) => API_ROLE_GROUP[r.auth] === group);
        for (const route of routes)
          expect(stack.api.functions[route.id]!.role, route.id).toBe(stack.api.roles[group]);
        const needs = routes.map((r) => ROUTE_NEEDS[r.id]);
        const statements = statementsOfRole(logicalId(stack.api.roles[group]));
        const actions = new Set(actionsOf(statements));
        const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
        const wantsWrite = needs.some((n) => Object.values(n.tables ?? {}).includes('write'));
        for (const w of writes) expect(actions.has(w), `${group} ${w}`).toBe(wantsWrite);
        expect(actions.has('s3:PutObject'), group).toBe(needs.some((n) => n.logoUpload));
        expect(actions.has('sns:Publish'), group).toBe(false);
        // Each pool: exactly the admin calls some route of the group makes on it.
        for (const pool of ['visitorPool', 'staffPool'] as const) {
          const arn = logicalId(stack.auth[pool]);
          const granted = statements
            .filter((st) => JSON.stringify(st.Resource).includes(arn))
            .flatMap((st) => actionsOf([st]));
          const declared = needs.flatMap((n) => (n[pool] ?? []).map((a) => `cognito-idp:${a}`));
          expect([...new Set(granted)].sort(), `${group} ${pool}`).toEqual(
            [...new Set(declared)].sort(),
          );
        }
      }
    });

    it('holds at most 9 roles a shop, each shared by a group of like rights, every function in one', () => {
      // Before: 43 (one per function, and the CDK providers'): 23 shops before IAM's 1,000 roles.
      const roles = ofType('AWS::IAM::Role').map(([id]) => id);
      expect(roles).toHaveLength(9);
      const expected = new Map<string, string>([
        ...Object.values(stack.api.roles).map((role) => [logicalId(role), 'api group'] as const),
        [logicalId(stack.auth.triggerRole), 'sign-in triggers'],
        [logicalId(stack.statsConsumer.role), 'stats stream'],
        [logicalId(stack.unverifiedCleanup.role), 'clean-up'],
        [
          logicalId(stack.auth.node.findChild('StaffUsers').node.findChild('Role') as never),
          'staff users',
        ],
      ]);
      const byRole = new Map<string, string[]>();
      for (const [id, fn] of ofType('AWS::Lambda::Function')) {
        const role = (fn.Properties.Role as Json)['Fn::GetAtt'][0] as string;
        byRole.set(role, [...(byRole.get(role) ?? []), id]);
      }
      // Our functions' roles, the BucketDeployment provider's, and the schedule's invoker.
      const others = roles.filter((id) => !expected.has(id));
      expect(others).toHaveLength(2);
      expect(others.filter((id) => byRole.has(id))).toHaveLength(1);
      for (const id of expected.keys()) expect(byRole.get(id), expected.get(id)).toBeDefined();
    });

    it("keeps each role's inline policies under IAM's 10,240 characters once deployed", () => {
      // IAM counts the policies' characters without white space, with every ARN written out.
      const ARN = 'x'.repeat(120);
      const resolve = (value: unknown): unknown =>
        typeof value !== 'object' || value === null
          ? value
          : Array.isArray(value)
            ? value.map(resolve)
            : Object.keys(value).some((k) => k.startsWith('Fn::') || k === 'Ref')
              ? ARN
              : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
      for (const [role] of ofType('AWS::IAM::Role')) {
        const size = ofType('AWS::IAM::Policy')
          .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role))
          .reduce((n, [, p]) => n + JSON.stringify(resolve(p.Properties.PolicyDocument)).length, 0);
        expect(size, role).toBeLessThan(10_240);
      }
    });

    it('scopes the logo upload to the business/ prefix of the logo bucket', () => {
      const statements = statementsOfRole(logicalId(stack.api.functions['upload-logo']!.role));
      const put = statements.find((s) => s.Action === 's3:PutObject')!;
      expect(put.Resource).toEqual({
        'Fn::Join': [
          '',
          [{ 'Fn::GetAtt': [logicalId(stack.storage.logoBucket), 'Arn'] }, `/${LOGO_KEY_PREFIX}*`],
        ],
      });
    });

    it('grants the customers index by name, never index/*', () => {
      expect(JSON.stringify(json)).not.toContain('/index/*');
    });
  });

  describe('Web', () => {
    const distribution = () =>
      ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    const behavior = (pattern: string) =>
      (distribution().CacheBehaviors as Json[]).find((b) => b.PathPattern === pattern)!;

    it('proves API requests came through CloudFront with a secret no template holds, and sets the viewer address', () => {
      const secrets = ofType('AWS::SecretsManager::Secret').filter(([, s]) =>
        String(s.Properties.Description).includes('through CloudFront'),
      );
      expect(secrets).toHaveLength(1);
      const [secretId, secret] = secrets[0]!;
      expect(secret.Properties.SecretString).toBeUndefined();
      const reference = (value: unknown) => {
        const text = JSON.stringify(value);
        return text.includes('{{resolve:secretsmanager:') && text.includes(secretId);
      };
      const api = behavior('/api/*');
      const origin = (distribution().Origins as Json[]).find((o) => o.Id === api.TargetOriginId)!;
      const header = (origin.OriginCustomHeaders as Json[]).find(
        (h) => h.HeaderName === 'x-origin-verify',
      );
      expect(reference(header?.HeaderValue)).toBe(true);
      // Every route's function reads the secret (lib/http.ts refuses a request without it) from
      // Secrets Manager at start: its environment holds the secret's ARN only.
      const handlers = ofType('AWS::Lambda::Function').filter(
        ([, fn]) => fn.Properties.Environment?.Variables?.ORIGIN_SECRET_ARN !== undefined,
      );
      expect(handlers.map(([id]) => id).sort()).toEqual(
        ROUTES.map((r) => logicalId(stack.api.functions[r.id]!.function)).sort(),
      );
      for (const [, fn] of handlers)
        expect(fn.Properties.Environment.Variables.ORIGIN_SECRET_ARN).toEqual({ Ref: secretId });
      // The /api/* behaviour sets the viewer address from the connection.
      const association = (api.FunctionAssociations as Json[])[0]!;
      expect(association.EventType).toBe('viewer-request');
      // The account base's function, imported by its export name.
      expect(association.FunctionARN).toEqual(imported(BASE_EXPORTS.functionArn('ViewerAddress')));
      const [fnId] = baseOfType('AWS::CloudFront::Function').find(
        ([, f]) => f.Properties.FunctionCode === VIEWER_ADDRESS_CODE,
      )!;
      expect(Object.values(baseJson.Outputs)).toContainEqual(
        expect.objectContaining({
          Value: { 'Fn::GetAtt': [fnId, 'FunctionARN'] },
          Export: { Name: BASE_EXPORTS.functionArn('ViewerAddress') },
        }),
      );
    });

    it("serves the site and the logos from S3 through the account base's origin access control", () => {
      expect(ofType('AWS::CloudFront::OriginAccessControl')).toEqual([]);
      const s3Origins = (distribution().Origins as Json[]).filter((o) => o.S3OriginConfig);
      expect(s3Origins).toHaveLength(2);
      for (const o of s3Origins)
        expect(o.OriginAccessControlId).toEqual(imported(BASE_EXPORTS.originAccessControlId));
      const domains = JSON.stringify(s3Origins.map((o) => o.DomainName));
      expect(domains).toContain(logicalId(stack.storage.siteBucket));
      expect(domains).toContain(logicalId(stack.storage.logoBucket));
    });

    it('routes /api/* to the HTTP API uncached with the viewer headers', () => {
      const api = behavior('/api/*');
      expect(api).toMatchObject({
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining([
          'GET',
          'HEAD',
          'OPTIONS',
          'PUT',
          'PATCH',
          'POST',
          'DELETE',
        ]),
      });
      const origin = (distribution().Origins as Json[]).find((o) => o.Id === api.TargetOriginId)!;
      expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
      expect(JSON.stringify(origin.DomainName)).toContain(logicalId(stack.api.httpApi));
    });

    it('routes /media/* to the logo bucket through the prefix-stripping function', () => {
      const media = behavior(`${MEDIA_PATH_PREFIX}*`);
      expect(media.FunctionAssociations).toHaveLength(1);
      expect(media.FunctionAssociations[0].EventType).toBe('viewer-request');
    });

    it('falls back to index.html through a function, not through error responses', () => {
      const config = distribution();
      expect(config.CustomErrorResponses).toBeUndefined();
      expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
      expect(config.DefaultRootObject).toBe('index.html');
    });

    it('serves HTTP/2 and 3, compressed, HTTPS, with access logs', () => {
      const config = distribution();
      expect(config.HttpVersion).toBe('http2and3');
      expect(config.DefaultCacheBehavior.Compress).toBe(true);
      expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(config.Logging.Bucket).toBeDefined();
    });

    it("sends the security headers of shared/security-headers.ts on every behaviour, through the account base's policy", () => {
      expect(ofType('AWS::CloudFront::ResponseHeadersPolicy')).toEqual([]);
      const [[policyId, policy]] = baseOfType('AWS::CloudFront::ResponseHeadersPolicy') as [
        [string, Resource],
      ];
      expect(Object.values(baseJson.Outputs)).toContainEqual(
        expect.objectContaining({
          Value: { Ref: policyId },
          Export: { Name: BASE_EXPORTS.securityHeadersPolicyId },
        }),
      );
      const expected = securityHeaders([`https://cognito-idp.${REGION}.amazonaws.com`]);
      const config = policy.Properties.ResponseHeadersPolicyConfig;
      const security = config.SecurityHeadersConfig;
      expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
        expected['content-security-policy'],
      );
      expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toContain(
        "frame-ancestors 'none'",
      );
      expect(security.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 63_072_000,
        IncludeSubdomains: true,
      });
      expect(security.ContentTypeOptions).toEqual({ Override: true });
      expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(security.ReferrerPolicy).toEqual({
        ReferrerPolicy: expected['referrer-policy'],
        Override: true,
      });
      expect(config.CustomHeadersConfig.Items).toEqual([
        { Header: 'permissions-policy', Value: expected['permissions-policy'], Override: true },
      ]);
      const behaviors = [
        distribution().DefaultCacheBehavior,
        ...(distribution().CacheBehaviors as Json[]),
      ];
      for (const b of behaviors) {
        expect(b.ResponseHeadersPolicyId).toEqual(imported(BASE_EXPORTS.securityHeadersPolicyId));
      }
    });

    it('deploys the SPA and a config.json with the pool settings, then invalidates the cache', () => {
      const deployments = ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
      expect(deployments).toHaveLength(2);
      const pages = deployments.find((d) => d.DistributionId)!;
      expect(pages.DistributionPaths).toEqual(['/*']);
      const markers = JSON.stringify(pages.SourceMarkers);
      expect(markers).toContain(logicalId(stack.auth.visitorClient));
      expect(markers).toContain(logicalId(stack.auth.staffClient));
      const configAsset = readFileSync(
        join(
          assemblyDir,
          `asset.${(pages.SourceObjectKeys as string[])[1]!.replace(/\.zip$/, '')}`,
          'config.json',
        ),
        'utf8',
      );
      expect(Object.keys(JSON.parse(configAsset)).sort()).toEqual([
        'cognitoEndpoint',
        'staffClientId',
        'timeZone',
        'visitorClientId',
      ]);
      expect(configAsset).toContain(`https://cognito-idp.${REGION}.amazonaws.com/`);
      expect(JSON.parse(configAsset)).toMatchObject({ timeZone: 'Australia/Sydney' });
    });
  });

  describe('Alarms', () => {
    const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const alarmOn = (metricName: string) =>
      alarms().filter(
        (a) =>
          a.MetricName === metricName ||
          JSON.stringify(a.Metrics ?? []).includes(`"MetricName":"${metricName}"`),
      );

    it('sends every alarm, raised and cleared, to the topic that e-mails alarmEmail', () => {
      expect(ofType('AWS::SNS::Topic')).toHaveLength(1);
      const [[topicId]] = ofType('AWS::SNS::Topic') as [[string, Resource]];
      expect(ofType('AWS::SNS::Subscription').map(([, s]) => s.Properties)).toEqual([
        { Protocol: 'email', Endpoint: 'ops@agency.example', TopicArn: { Ref: topicId } },
      ]);
      for (const alarm of alarms()) {
        expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
        expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
        expect(alarm.AlarmDescription).toMatch(/docs\/operations\.md, "Alarms"/);
      }
    });

    it('lets CloudWatch alarms publish to the topic, over TLS only', () => {
      const [[, policy]] = ofType('AWS::SNS::TopicPolicy') as [[string, Resource]];
      const statements = policy.Properties.PolicyDocument.Statement as Json[];
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Allow',
          Action: 'sns:Publish',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
        }),
      );
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    });

    it('alarms at 80% of the hourly cap on the CodesSent metric the functions write, in their namespace', () => {
      // No log metric filter counts codes: the count is Powertools Metrics' (lambdas/lib/metrics.ts).
      for (const [, filter] of ofType('AWS::Logs::MetricFilter')) {
        expect(filter.Properties.MetricTransformations[0].MetricName).toBe(
          FUNCTION_FAILURES_METRIC,
        );
      }
      const sent = alarmOn(BUSINESS_METRICS.codesSent).find((a) => a.Period === 3600);
      expect(sent).toMatchObject({
        Namespace: metricsNamespace(stack.stackName),
        Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
        Statistic: 'Sum',
        Period: 3600,
        Threshold: Math.ceil(SMS_GLOBAL_HOURLY_CAP_DEFAULT * 0.8),
      });
      // Every function writes its metrics to that namespace, as the service the alarm names.
      for (const [, fn] of ofType('AWS::Lambda::Function')) {
        const env = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
        if (!('POWERTOOLS_SERVICE_NAME' in env)) continue;
        expect(env).toMatchObject({
          POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
          POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stack.stackName),
        });
      }
    });

    it("alarms at 80% of the day's cap on the same CodesSent metric, over one day", () => {
      const daily = alarmOn(BUSINESS_METRICS.codesSent).filter((a) => a.Period === 86_400);
      expect(daily).toHaveLength(1);
      expect(daily[0]).toMatchObject({
        Namespace: metricsNamespace(stack.stackName),
        Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
        Statistic: 'Sum',
        EvaluationPeriods: 1,
        Threshold: Math.ceil(SMS_GLOBAL_DAILY_CAP_DEFAULT * 0.8),
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      // The functions that spend the SMS budgets are given the cap the alarm is at.
      const create = ofType('AWS::Lambda::Function').filter(
        ([, fn]) => fn.Properties.Environment?.Variables?.SMS_DAILY_CAP !== undefined,
      );
      expect(create.length).toBeGreaterThan(0);
      for (const [, fn] of create)
        expect(fn.Properties.Environment.Variables.SMS_DAILY_CAP).toBe(
          String(SMS_GLOBAL_DAILY_CAP_DEFAULT),
        );
    });

    it("alarms on failed invocations of this shop's functions only: each function's log group counts its failed reports", () => {
      const [alarm] = alarmOn(FUNCTION_FAILURES_METRIC);
      expect(alarm).toMatchObject({
        Namespace: metricsNamespace(stack.stackName),
        Statistic: 'Sum',
        Period: 300,
        Threshold: 3,
      });
      expect(alarm!.Dimensions).toBeUndefined();
      // One filter per function log group of the shop, every one into that metric.
      const filters = ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
      const spinFunctions = ofType('AWS::Lambda::Function').filter(([, fn]) =>
        Boolean(fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME),
      );
      expect(filters).toHaveLength(spinFunctions.length);
      const groups = new Set(filters.map((f) => f.LogGroupName.Ref as string));
      for (const [, fn] of spinFunctions) {
        expect(groups.has(fn.Properties.LoggingConfig.LogGroup.Ref as string)).toBe(true);
      }
      for (const f of filters) {
        expect(f.FilterPattern).toBe(
          '{ ($.type = "platform.report") && ($.record.status != "success") }',
        );
        expect(f.MetricTransformations).toEqual([
          {
            MetricNamespace: metricsNamespace(stack.stackName),
            MetricName: FUNCTION_FAILURES_METRIC,
            MetricValue: '1',
          },
        ]);
      }
    });

    it('watches its own SMS delivery: codes answered right against codes sent over an hour', () => {
      const [answered] = alarmOn(BUSINESS_METRICS.codesVerified);
      const byId: Record<string, Json> = Object.fromEntries(
        (answered!.Metrics as Json[]).map((m) => [m.Id, m]),
      );
      expect(Object.values(byId).find((m) => m.Expression)?.Expression).toBe(
        'IF(sent >= 20, answered / sent, 1)',
      );
      for (const [id, name] of [
        ['sent', BUSINESS_METRICS.codesSent],
        ['answered', BUSINESS_METRICS.codesVerified],
      ] as const) {
        expect(byId[id]!.MetricStat).toMatchObject({
          Metric: {
            Namespace: metricsNamespace(stack.stackName),
            MetricName: name,
            Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
          },
          Period: 3600,
          Stat: 'Sum',
        });
      }
      expect(answered).toMatchObject({
        Threshold: 0.5,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'notBreaching',
      });
    });

    it("watches only this shop's resources, and names the shop, in every alarm", () => {
      const ownTables = new Set(Object.values(stack.data.tables).map((t) => logicalId(t)));
      const watched = (alarm: Json): Json[] =>
        alarm.Metrics
          ? (alarm.Metrics as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric)
          : [alarm];
      for (const alarm of alarms()) {
        expect(alarm.AlarmName).toMatch(new RegExp(`^${stack.stackName}-`));
        expect(alarm.AlarmDescription).toMatch(new RegExp(`^${stack.stackName}: `));
        for (const metric of watched(alarm)) {
          const dims = (metric.Dimensions ?? []) as Json[];
          const what = `${alarm.AlarmName}: ${metric.Namespace} ${metric.MetricName}`;
          if (metric.Namespace === metricsNamespace(stack.stackName)) continue;
          if (metric.Namespace === 'AWS/DynamoDB') {
            expect(
              dims.map((d) => d.Name),
              what,
            ).toEqual(['TableName']);
            expect(ownTables.has(dims[0]!.Value.Ref as string), what).toBe(true);
            continue;
          }
          expect(metric.Namespace, what).toBe('AWS/ApiGateway');
          expect(dims, what).toEqual([
            { Name: 'ApiId', Value: { Ref: logicalId(stack.api.httpApi) } },
          ]);
        }
      }
      expect(
        alarms()
          .map((a) => a.AlarmName as string)
          .sort(),
      ).toEqual(
        [
          'Api5xx',
          'FunctionErrors',
          'SmsAnswered',
          'SmsDaily',
          'SmsHourly',
          ...TABLES.map((t) => `TableThrottles${t.name.charAt(0).toUpperCase()}${t.name.slice(1)}`),
        ]
          .map((id) => `${stack.stackName}-${id}`)
          .sort(),
      );
    });

    it('alarms on read and write throttling of every table', () => {
      const watched = alarmOn('ReadThrottleEvents').flatMap((alarm) =>
        (alarm.Metrics as Json[])
          .filter((m) => m.MetricStat)
          .map(
            (m) =>
              `${m.MetricStat.Metric.MetricName} ${m.MetricStat.Metric.Dimensions[0].Value.Ref}`,
          ),
      );
      const expected = TABLES.flatMap((def) =>
        ['ReadThrottleEvents', 'WriteThrottleEvents'].map(
          (name) => `${name} ${logicalId(stack.data.tables[def.name])}`,
        ),
      );
      expect(watched.sort()).toEqual(expected.sort());
    });

    it('alarms on 5xx answers of the API', () => {
      const [alarm] = alarmOn('5xx');
      expect(alarm).toMatchObject({ Namespace: 'AWS/ApiGateway', Statistic: 'Sum' });
      expect(alarm!.Dimensions).toContainEqual({
        Name: 'ApiId',
        Value: { Ref: logicalId(stack.api.httpApi) },
      });
    });
  });

  it('sends operators to /login and the admin to /admin, pages the SPA has (no /staff)', () => {
    const description = json.Outputs.SiteUrl!.Description as string;
    expect(description).toContain('/login');
    expect(description).toContain('/admin');
    expect(description).not.toMatch(/\/staff\b/);
  });

  it('outputs the site URL, where the staff passwords are, and the pool ids', () => {
    expect(Object.keys(json.Outputs)).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'StaffPasswordsSecretArn',
        'VisitorUserPoolId',
        'StaffUserPoolId',
        // The rotation steps of docs/operations.md start from it.
        'OriginSecretArn',
        'DistributionId',
      ]),
    );
  });
});

describe('SpinWinBase: the account base', () => {
  const alarms = () => baseOfType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);

  it('leaves no cdk-nag AwsSolutions finding unacknowledged, and refuses deletion', () => {
    expect(baseFindings).toEqual([]);
    expect(base.terminationProtection).toBe(true);
  });

  it('names its CloudFront Functions and headers policy with the base and the region, and exports them with its web ACLs', () => {
    const names = [
      ...baseOfType('AWS::CloudFront::Function').map(([, f]) => f.Properties.Name),
      ...baseOfType('AWS::CloudFront::ResponseHeadersPolicy').map(
        ([, p]) => p.Properties.ResponseHeadersPolicyConfig.Name,
      ),
    ];
    expect(names).toHaveLength(3 + 1);
    for (const name of names) expect(name).toMatch(new RegExp(`^SpinWinBase-${REGION}-`));
    expect(
      Object.values(baseJson.Outputs)
        .map((o) => o.Export.Name as string)
        .sort(),
    ).toEqual(
      [
        BASE_EXPORTS.securityHeadersPolicyId,
        BASE_EXPORTS.originAccessControlId,
        BASE_EXPORTS.wafAssociatorArn,
        ...(['VisitorPools', 'StaffPools'] as const).map(BASE_EXPORTS.webAclArn),
        ...['SpaFallback', 'ViewerAddress', 'StripMediaPrefix'].map(BASE_EXPORTS.functionArn),
      ].sort(),
    );
  });

  it('alarms on the SMS spend of the month at the default threshold, once for the account', () => {
    const spend = alarms().filter((a) => a.MetricName === 'SMSMonthToDateSpentUSD');
    expect(spend).toHaveLength(1);
    expect(spend[0]).toMatchObject({
      Namespace: 'AWS/SNS',
      Statistic: 'Maximum',
      Threshold: 50,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('alarms when less than 80% of the SMS sent in an hour were delivered, where SNS publishes it (Country, SMSType)', () => {
    const delivery = alarms().filter((a) => a.MetricName === 'SMSSuccessRate');
    expect(delivery).toHaveLength(1);
    expect(delivery[0]).toMatchObject({
      Namespace: 'AWS/SNS',
      Dimensions: expect.arrayContaining([
        { Name: 'Country', Value: 'AU' },
        { Name: 'SMSType', Value: 'Transactional' },
      ]),
      Statistic: 'Average',
      Period: 3600,
      Threshold: 0.8,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(delivery[0]!.Dimensions).toHaveLength(2);
  });

  it("alarms on the account's Lambda concurrency and throttles, every shop's together", () => {
    expect(alarms().find((a) => a.MetricName === 'ConcurrentExecutions')).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Maximum',
      Threshold: 800,
    });
    expect(alarms().find((a) => a.MetricName === 'Throttles')).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Sum',
      Threshold: 1,
    });
    for (const alarm of alarms()) {
      expect(alarm.AlarmName).toMatch(/^SpinWinBase-/);
      expect(alarm.AlarmDescription).toMatch(/^SpinWinBase: /);
    }
  });

  it('turns on SNS SMS delivery status logging (every failure, a sample of successes) with a named role and a month of logs', () => {
    const [[, setting]] = baseOfType('Custom::AWS') as [[string, Resource]];
    const text = JSON.stringify(setting.Properties.Create);
    expect(text).toContain('"service\\":\\"SNS\\"');
    expect(text).toContain('"action\\":\\"setSMSAttributes\\"');
    expect(text).toContain('DeliveryStatusSuccessSamplingRate\\":\\"10\\"');
    const role = base.getLogicalId(
      base.node.findChild('SmsDeliveryLogging').node.findChild('SnsRole').node
        .defaultChild as CfnElement,
    );
    expect(text).toContain(role);
    expect(baseJson.Resources[role]!.Properties).toMatchObject({
      RoleName: `SpinWinSmsDeliveryStatus-${REGION}`,
      AssumeRolePolicyDocument: {
        Statement: [expect.objectContaining({ Principal: { Service: 'sns.amazonaws.com' } })],
      },
    });
    const retained = baseOfType('Custom::LogRetention').map(([, r]) => r.Properties);
    const group = `sns/${REGION}/${TEST_ACCOUNT}/DirectPublishToPhoneNumber`;
    expect(retained.map((r) => r.LogGroupName).sort()).toEqual([group, `${group}/Failure`]);
    for (const r of retained) expect(r.RetentionInDays).toBe(30);
  });
});

describe('CloudFront functions', () => {
  // The functions' source runs as-is in CloudFront's JS 2.0 runtime; here, in Node.
  const run = (code: string, uri: string): string =>
    (new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string })({
      request: { uri },
    }).uri;

  it.each([
    ['/', '/index.html'],
    ['/admin', '/index.html'],
    ['/staff/users', '/index.html'],
    ['/assets/app-1a2b.js', '/assets/app-1a2b.js'],
    ['/config.json', '/config.json'],
    ['/favicon.svg', '/favicon.svg'],
  ])('SPA fallback serves %s as %s', (uri, expected) => {
    expect(run(SPA_FALLBACK, uri)).toBe(expected);
  });

  it('viewer address: the connection address replaces whatever the viewer sent', () => {
    const handler = new Function(`${VIEWER_ADDRESS_CODE}; return handler;`)() as (e: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const out = handler({
      viewer: { ip: '2001:db8::5' },
      request: { uri: '/api/otp/start', headers: { 'x-viewer-address': { value: '1.2.3.4' } } },
    });
    expect(out.headers['x-viewer-address']).toEqual({ value: '2001:db8::5' });
  });

  it.each([
    ['/media/business/logo-1.png', '/business/logo-1.png'],
    ['/media/business/a%20b.webp', '/business/a%20b.webp'],
    ['/mediaX/business/x.png', '/mediaX/business/x.png'],
  ])('media prefix strip maps %s to key path %s', (uri, expected) => {
    expect(run(STRIP_MEDIA_PREFIX_CODE, uri)).toBe(expected);
  });
});

/**
 * The posture with no option beyond the two every deploy must give (region, alarmEmail): safe by
 * default, someone told, least privilege, and room for a fleet of shops in one account.
 */
describe('production posture, without options', () => {
  describe('safe without options', () => {
    it("attaches the account base's CloudFront web ACL and associates each user pool with the base's regional one", () => {
      // Read across regions from the base's us-east-1 part (an export cannot cross regions).
      expect(
        ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig.WebACLId,
      ).toEqual({
        'Fn::GetStackOutput': {
          StackName: `SpinWinBaseEdge-${REGION}`,
          Region: 'us-east-1',
          OutputName: 'ApiWebAclArn',
        },
      });
      const associated = ofType('Custom::WebAclAssociation').map(([, a]) => [
        a.Properties.ResourceArn['Fn::GetAtt'][0] as string,
        a.Properties.WebAclArn,
      ]);
      expect(associated.sort()).toEqual(
        [
          [logicalId(stack.auth.staffPool), imported(BASE_EXPORTS.webAclArn('StaffPools'))],
          [logicalId(stack.auth.visitorPool), imported(BASE_EXPORTS.webAclArn('VisitorPools'))],
        ].sort(),
      );
      expect(ofType('AWS::WAFv2::WebACL')).toEqual([]);
    });

    it('throttles every route on its own, public routes within a share that leaves room for the staff routes', () => {
      const [[stageId, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
      const settings = stage.Properties.RouteSettings as Record<string, Json>;
      expect(Object.keys(settings).sort()).toEqual(
        ROUTES.map((r) => `${r.method} ${r.path}`).sort(),
      );
      let total = 0;
      let publicTotal = 0;
      for (const route of ROUTES) {
        const { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst } =
          settings[`${route.method} ${route.path}`]!;
        expect({ rate, burst }, route.id).toEqual(ROUTE_THROTTLES[route.auth]);
        total += rate as number;
        if (route.auth === 'public') publicTotal += rate as number;
      }
      // What every route of every API in the region shares is the account's 10,000 requests/s:
      // one shop's public routes stay under a third of it, all its routes under half.
      expect(publicTotal).toBeLessThan(ACCOUNT_API_RATE / 3);
      expect(total).toBeLessThan(ACCOUNT_API_RATE / 2);
      // Each public route still takes a viral hour's peak (about 140 visitors a second) twice over.
      expect(ROUTE_THROTTLES.public.rate).toBeGreaterThanOrEqual(2 * 139);
      // API Gateway refuses settings for a route that does not exist yet.
      const routeIds = ofType('AWS::ApiGatewayV2::Route').map(([id]) => id);
      expect([(json.Resources[stageId] as Json).DependsOn].flat()).toEqual(
        expect.arrayContaining(routeIds),
      );
    });
  });

  describe('staff pool', () => {
    it('is on the Plus plan with threat protection enforced; the visitor pool stays on Lite', () => {
      const staff = json.Resources[logicalId(stack.auth.staffPool)]!.Properties;
      expect(staff.UserPoolTier).toBe('PLUS');
      expect(staff.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
      const visitor = json.Resources[logicalId(stack.auth.visitorPool)]!.Properties;
      expect(visitor.UserPoolTier).toBe('LITE');
    });

    it('blocks leaked passwords and medium- or high-risk sign-ins, e-mailing nobody', () => {
      const [[, risk]] = ofType('AWS::Cognito::UserPoolRiskConfigurationAttachment') as [
        [string, Resource],
      ];
      expect(risk.Properties).toEqual({
        UserPoolId: { Ref: logicalId(stack.auth.staffPool) },
        ClientId: 'ALL',
        CompromisedCredentialsRiskConfiguration: {
          EventFilter: ['SIGN_IN', 'PASSWORD_CHANGE'],
          Actions: { EventAction: 'BLOCK' },
        },
        AccountTakeoverRiskConfiguration: {
          Actions: {
            LowAction: { EventAction: 'NO_ACTION', Notify: false },
            MediumAction: { EventAction: 'BLOCK', Notify: false },
            HighAction: { EventAction: 'BLOCK', Notify: false },
          },
        },
      });
    });
  });

  describe('someone is told', () => {
    const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);

    it('keeps every alarm within CloudWatch limits: one throttle alarm per table, at most 10 metrics each', () => {
      for (const alarm of alarms()) {
        const metrics = ((alarm.Metrics ?? []) as Json[]).filter((m) => m.MetricStat);
        expect(metrics.length, alarm.AlarmName).toBeLessThanOrEqual(10);
      }
      const throttleAlarms = alarms().filter((a) =>
        JSON.stringify(a.Metrics ?? []).includes('ThrottleEvents'),
      );
      expect(throttleAlarms).toHaveLength(TABLES.length);
    });
  });

  describe('a fleet in one account', () => {
    it('logs API access to a /aws/vendedlogs/ log group, which needs no Logs resource policy entry', () => {
      const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
      const groupId = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string;
      expect(json.Resources[groupId]!.Properties.LogGroupName).toBe(
        `/aws/vendedlogs/apigateway/${stack.stackName}/access`,
      );
      expect(ofType('AWS::Logs::ResourcePolicy')).toEqual([]);
    });

    it("holds no response headers policy, CloudFront Function, origin access control, web ACL or SMS setting: those are the base's", () => {
      for (const type of [
        'AWS::CloudFront::ResponseHeadersPolicy',
        'AWS::CloudFront::Function',
        'AWS::CloudFront::OriginAccessControl',
        'AWS::WAFv2::WebACL',
        'Custom::AWS',
      ])
        expect(ofType(type), type).toEqual([]);
      // What it takes from the base, it imports: the base cannot go while this shop uses it.
      const imports = new Set(JSON.stringify(json).match(/"Fn::ImportValue":"[^"]+"/g));
      expect([...imports].sort()).toEqual(
        [
          BASE_EXPORTS.securityHeadersPolicyId,
          BASE_EXPORTS.originAccessControlId,
          BASE_EXPORTS.wafAssociatorArn,
          ...(['VisitorPools', 'StaffPools'] as const).map(BASE_EXPORTS.webAclArn),
          ...['SpaFallback', 'ViewerAddress', 'StripMediaPrefix'].map(BASE_EXPORTS.functionArn),
        ]
          .map((name) => `"Fn::ImportValue":"${name}"`)
          .sort(),
      );
    });

    it("names the base's origin access control with the base and the region", () => {
      const names = baseOfType('AWS::CloudFront::OriginAccessControl').map(
        ([, o]) => o.Properties.OriginAccessControlConfig.Name,
      );
      expect(names).toEqual([`SpinWinBase-${REGION}-S3Oac`]);
    });
  });

  describe('least privilege', () => {
    /** DynamoDB actions, shortened: r = GetItem and ConditionCheckItem; w = r with the writes. */
    const R = ['ConditionCheckItem', 'GetItem'];
    const W = [...R, 'DeleteItem', 'PutItem', 'UpdateItem'];
    const r = (...extra: string[]) => [...R, ...extra].sort();
    const w = (...extra: string[]) => [...W, ...extra].sort();
    const staffCheck = { limits: r() };
    /** Every function's DynamoDB actions on each table ("<table> indexes": its indexes). */
    const EXPECTED: Record<string, Record<string, string[]>> = {
      'get-wheel': { settings: r(), slices: r('Scan'), stats: w() },
      'otp-challenge': { limits: r() },
      // stats: the refused codes, counted by reason.
      'start-otp': { customers: r(), limits: w(), stats: w() },
      'has-reward': { customers: r(), limits: w() },
      'spin-challenge': {},
      'preview-spin': { limits: w(), settings: r(), slices: r('Scan'), stats: w() },
      'create-spin': { customers: w(), limits: w(), slices: w('Scan') },
      'get-my-spin': { customers: r(), limits: w() },
      'issue-prize-reference': { customers: r(), limits: w() },
      'scan-prize': { customers: r(), ...staffCheck },
      'redeem-scanned': { customers: w(), ...staffCheck },
      'search-users': { customers: r(), ...staffCheck },
      'list-users': { customers: r('Query'), 'customers indexes': r('Query'), limits: w() },
      'list-user-changes': {
        customers: r('Query'),
        'customers indexes': r('Query'),
        ...staffCheck,
      },
      'redeem-user': { customers: w(), ...staffCheck },
      'get-staff-me': { ...staffCheck },
      'get-business-settings': { settings: r() },
      'put-business-settings': { settings: w(), ...staffCheck },
      'get-game-settings': { settings: r() },
      'put-game-settings': { settings: w(), ...staffCheck },
      'list-slices': { slices: r('Scan'), ...staffCheck },
      'create-slice': { settings: w(), slices: w(), ...staffCheck },
      'update-slice': { slices: w(), ...staffCheck },
      'delete-slice': { settings: w(), slices: w(), ...staffCheck },
      'upload-logo': { ...staffCheck },
      'get-insights': {
        settings: r(),
        slices: r('Scan'),
        // The day counters and the prizes owed by expiry: no customer is read.
        stats: r('BatchGetItem'),
        ...staffCheck,
      },
      'export-customers': { customers: r('Query'), 'customers indexes': r('Query'), limits: w() },
      'erase-customer': { customers: w(), limits: w() },
      'set-staff-password': { limits: w(), settings: w() },
      'get-setup': { settings: r(), slices: r('Scan'), ...staffCheck },
      'record-printed': { settings: w(), slices: r('Scan'), ...staffCheck },
      // Its budgets, its row of wrong passwords, and the trusted connections.
      'staff-sign-in': { limits: w() },
      'list-trusted': { ...staffCheck },
      'trust-connection': { limits: w() },
      'untrust-connection': { limits: w() },
      defineAuthChallenge: {},
      createAuthChallenge: { limits: w(), stats: ['UpdateItem'] },
      verifyAuthChallenge: { limits: ['DeleteItem', 'UpdateItem'], stats: ['UpdateItem'] },
      unverifiedCleanup: { customers: ['GetItem'], limits: ['DeleteItem', 'Scan'] },
      // Reads the customers table's stream; counts into stats, one mark per record in limits.
      statsConsumer: {
        customers: ['DescribeStream', 'GetRecords', 'GetShardIterator'],
        '*': ['ListStreams'],
        limits: ['PutItem'],
        stats: ['UpdateItem'],
      },
    };

    it("holds no secret's value in any function's environment: ARNs only, read at start", () => {
      // Before: 25 functions had the origin secret's value (a dynamic reference, resolved at deploy
      // into the environment GetFunctionConfiguration shows) and 4 the erasure key's.
      const functions = ofType('AWS::Lambda::Function');
      expect(functions.length).toBeGreaterThan(ROUTES.length);
      const secretIds = ofType('AWS::SecretsManager::Secret').map(([id]) => id);
      for (const [id, fn] of functions) {
        for (const [name, value] of Object.entries(
          (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
        )) {
          const text = JSON.stringify(value);
          expect(text, `${id} ${name}`).not.toContain('{{resolve:');
          expect(text, `${id} ${name}`).not.toContain('SecretString');
          // A secret is named only by its ARN (Ref), under a name saying so.
          if (secretIds.some((secret) => text.includes(secret))) {
            expect(name, id).toMatch(/_ARN$/);
            expect(value, `${id} ${name}`).toEqual({ Ref: expect.any(String) });
          }
        }
      }
    });

    it('lets each function read only the secrets it uses, and only their values, even in a shared role', () => {
      const secretIds = ofType('AWS::SecretsManager::Secret').map(([id]) => id);
      const [origin] = secretIds.filter((id) =>
        String(json.Resources[id]!.Properties.Description).includes('through CloudFront'),
      );
      const [erasure] = secretIds.filter((id) =>
        String(json.Resources[id]!.Properties.Description).includes('erased'),
      );
      /** Role logical id -> "action secret [the calling functions it is limited to]" it allows. */
      const reads = new Map<string, Set<string>>();
      for (const [, policy] of ofType('AWS::IAM::Policy')) {
        for (const statement of policy.Properties.PolicyDocument.Statement as Json[]) {
          const actions = [statement.Action].flat() as string[];
          if (!actions.some((a) => a.startsWith('secretsmanager:'))) continue;
          const resources = JSON.stringify(statement.Resource);
          const callers = [
            statement.Condition?.ArnEquals?.['lambda:SourceFunctionArn'] ?? [],
          ].flat() as Json[];
          const only = callers.map((c) => c['Fn::GetAtt'][0] as string).sort();
          for (const role of policy.Properties.Roles as Json[]) {
            const entry = reads.get(role.Ref as string) ?? new Set<string>();
            for (const action of actions)
              for (const id of secretIds.filter((i) => resources.includes(i)))
                entry.add(`${action} ${id} [${only.join(',')}]`);
            reads.set(role.Ref as string, entry);
          }
        }
      }
      const expected = new Map<string, Set<string>>();
      for (const [group, role] of Object.entries(stack.api.roles)) {
        const routes = ROUTES.filter((r) => API_ROLE_GROUP[r.auth] === group);
        // The origin secret: every API handler. The erasure key: only the handlers that declare
        // it, named in the statement (the others of the group share the role, not the key).
        const readers = routes
          .filter((r) => ROUTE_NEEDS[r.id].erasureKey)
          .map((r) => logicalId(stack.api.functions[r.id]!.function))
          .sort();
        expected.set(
          logicalId(role),
          new Set([
            `secretsmanager:GetSecretValue ${origin} []`,
            ...(readers.length
              ? [`secretsmanager:GetSecretValue ${erasure} [${readers.join(',')}]`]
              : []),
          ]),
        );
      }
      // The staff-users custom resource reads and adds to the staff passwords (tested under Auth).
      const staffUsers = [...reads.keys()].filter((role) => !expected.has(role));
      expect(staffUsers).toHaveLength(1);
      for (const read of reads.get(staffUsers[0]!)!) {
        expect(read).not.toContain(origin);
        expect(read).not.toContain(erasure);
      }
      reads.delete(staffUsers[0]!);
      const sorted = (m: Map<string, Set<string>>) =>
        Object.fromEntries([...m].map(([role, e]) => [role, [...e].sort()]));
      expect(sorted(reads)).toEqual(sorted(expected));
      // Before: the erasure key reached 4 functions; it still reaches those 4 only.
      expect(
        [...expected.values()].flatMap((e) => [...e]).filter((e) => e.includes(erasure!)),
      ).toHaveLength(2);
    });

    it('runs the clean-up of unverified visitor users every hour, and it may delete visitor users only', () => {
      const schedules = ofType('AWS::Scheduler::Schedule');
      expect(schedules).toHaveLength(1);
      const [, schedule] = schedules[0]!;
      expect(schedule.Properties.ScheduleExpression).toBe('rate(1 hour)');
      expect(schedule.Properties.Target.Arn).toEqual({
        'Fn::GetAtt': [logicalId(stack.unverifiedCleanup.function), 'Arn'],
      });
      const cognitoActions = statementsOfRole(logicalId(stack.unverifiedCleanup.role)).filter((s) =>
        [s.Action].flat().some((a: string) => a.startsWith('cognito-idp:')),
      );
      expect(cognitoActions).toEqual([
        expect.objectContaining({
          Action: 'cognito-idp:AdminDeleteUser',
          Resource: { 'Fn::GetAtt': [logicalId(stack.auth.visitorPool), 'Arn'] },
        }),
      ]);
    });

    it("lists every function and its DynamoDB actions per table; each role allows the union of its functions', no Scan, Query or BatchGetItem none of them makes", () => {
      const tableOf = new Map(
        Object.entries(stack.data.tables).map(([name, table]) => [logicalId(table), name]),
      );
      const functions = {
        ...stack.api.functions,
        defineAuthChallenge: stack.auth.defineAuthChallenge,
        createAuthChallenge: stack.auth.createAuthChallenge,
        verifyAuthChallenge: stack.auth.verifyAuthChallenge,
        unverifiedCleanup: stack.unverifiedCleanup,
        statsConsumer: stack.statsConsumer,
      };
      /** The functions of each role (a shared role serves its whole group). */
      const members = new Map<string, string[]>();
      for (const [name, fn] of Object.entries(functions)) {
        const role = logicalId(fn.role);
        members.set(role, [...(members.get(role) ?? []), name]);
      }
      const actual: Record<string, Record<string, string[]>> = {};
      for (const [role, names] of members) {
        const per: Record<string, Set<string>> = {};
        for (const statement of statementsOfRole(role)) {
          const actions = [statement.Action]
            .flat()
            .filter((a: string) => a.startsWith('dynamodb:'));
          if (actions.length === 0) continue;
          for (const resource of [statement.Resource].flat() as Json[]) {
            // ListStreams takes no resource (DynamoDB Streams grants it on "*"): it names no table.
            if ((resource as unknown) === '*') {
              for (const a of actions) (per['*'] ??= new Set()).add(a.replace('dynamodb:', ''));
              continue;
            }
            const join = resource['Fn::Join']?.[1] as Json[] | undefined;
            const table = tableOf.get(
              (resource['Fn::GetAtt'] ?? join?.[0]?.['Fn::GetAtt'])?.[0] as string,
            );
            expect(table, `${role} ${JSON.stringify(resource)}`).toBeDefined();
            const key = join ? `${table} indexes` : table!;
            for (const a of actions) (per[key] ??= new Set()).add(a.replace('dynamodb:', ''));
          }
        }
        actual[names.join(' ')] = Object.fromEntries(
          Object.entries(per).map(([table, set]) => [table, [...set].sort()]),
        );
      }
      // What each role should allow: the union of its functions' lists above, nothing more.
      const expected: Record<string, Record<string, string[]>> = {};
      for (const names of members.values()) {
        const union: Record<string, Set<string>> = {};
        for (const name of names)
          for (const [table, actions] of Object.entries(EXPECTED[name]!))
            for (const a of actions) (union[table] ??= new Set()).add(a);
        expected[names.join(' ')] = Object.fromEntries(
          Object.entries(union).map(([table, set]) => [table, [...set].sort()]),
        );
      }
      expect(Object.keys(EXPECTED).sort()).toEqual([...members.values()].flat().sort());
      // Every role of the stack that may touch DynamoDB is in the list.
      const withDynamo = ofType('AWS::IAM::Policy').filter(([, p]) =>
        JSON.stringify(p.Properties.PolicyDocument).includes('dynamodb:'),
      ).length;
      expect(withDynamo).toBe(
        Object.values(expected).filter((tables) => Object.keys(tables).length > 0).length,
      );
      const sorted = (o: Record<string, Record<string, string[]>>) =>
        Object.fromEntries(
          Object.entries(o).map(([fn, tables]) => [
            fn,
            Object.fromEntries(Object.entries(tables).sort(([a], [b]) => a.localeCompare(b))),
          ]),
        );
      expect(sorted(actual)).toEqual(sorted(expected));
    });
  });

  describe('cdk.json', () => {
    it("carries every feature flag `cdk init` writes for this CDK (the CLI's recommended flags)", () => {
      const recommended = JSON.parse(
        readFileSync(
          join(
            REPO_ROOT,
            'node_modules/aws-cdk/lib/init-templates/.recommended-feature-flags.json',
          ),
          'utf8',
        ),
      ) as Record<string, unknown>;
      const context = (
        JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
          context: Record<string, unknown>;
        }
      ).context;
      expect(Object.keys(recommended).length).toBeGreaterThan(50);
      for (const [flag, value] of Object.entries(recommended)) {
        expect(context[flag], flag).toEqual(value);
      }
    });

    it('lets S3 deliver access logs through a bucket policy, not the log-delivery ACL', () => {
      const logs = json.Resources[logicalId(stack.storage.logBucket)]!;
      expect(logs.Properties.AccessControl).toBeUndefined();
      const [, policy] = ofType('AWS::S3::BucketPolicy').find(
        ([, p]) => p.Properties.Bucket.Ref === logicalId(stack.storage.logBucket),
      )!;
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Allow',
          Action: 's3:PutObject',
          Principal: { Service: 'logging.s3.amazonaws.com' },
        }),
      );
    });
  });
});
