/**
 * Api: the HTTP API behind CloudFront's /api/*. One NodejsFunction per entry of shared/routes.ts
 * ROUTES (the local HTTP API emulation serves the same table), a JWT authorizer per user pool, and
 * the grants of infra/route-permissions.ts: each route's needs, added to the execution role its
 * handler shares with the routes of its group (API_ROLE_GROUP: visitor site, staff, admin). The
 * erasure key stays with the handlers that need it: its statement names them (a condition on
 * lambda:SourceFunctionArn, which Lambda sets on every call a function's code makes).
 */
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteAuth, RouteDef } from '@shared/routes';
import { LOGO_KEY_PREFIX, type TableDef } from '@shared/definitions';
import { functionRole, LOG_RETENTION, SpinFunction } from '../function-defaults';
import {
  API_ROLE_GROUP,
  tableActions,
  type ApiRoleGroup,
  type RouteNeeds,
} from '../route-permissions';

/** What each group's shared execution role is for (its description in IAM). */
const ROLE_GROUP_DESCRIPTIONS: Readonly<Record<ApiRoleGroup, string>> = {
  visitorApi: "Execution role of the visitor site's API handlers (public and visitor routes)",
  staffApi: "Execution role of the staff's API handlers (staff routes)",
  adminApi: "Execution role of the admin's API handlers (admin routes)",
};

/** A route's steady requests per second and the burst it absorbs above them. */
export interface RouteThrottle {
  readonly rate: number;
  readonly burst: number;
}

/**
 * Throttles per route, by who may call it. API Gateway applies a route's limit to that route
 * alone; what every route of every API in the account and region shares is the account's
 * 10,000 requests/s. So each route has its own limit, and the public routes' are sized for a viral
 * hour (docs/capacity.md: about 140 visitors starting a second at the peak, one or two calls to a
 * route each), twice over, while their sum stays far below the account's: a flood on the public
 * routes is refused before it can take what the staff routes and the other shops need. Abuse is
 * held back per client first (the challenges, the per-client limits, WAF), not by starving everyone.
 */
export const ROUTE_THROTTLES: Readonly<Record<RouteAuth, RouteThrottle>> = {
  public: { rate: 300, burst: 600 },
  visitor: { rate: 300, burst: 600 },
  // Two staff accounts on a few shop devices: a busy counter is a few requests a second.
  staff: { rate: 50, burst: 100 },
  admin: { rate: 50, burst: 100 },
};

/** The pool that signs the tokens a route accepts, by the route's auth kind. */
const AUTHORIZER_OF: Readonly<Record<RouteAuth, 'visitor' | 'staff' | undefined>> = {
  public: undefined,
  visitor: 'visitor',
  // Admin routes take staff tokens; the handler checks the token's admin group.
  staff: 'staff',
  admin: 'staff',
};

/** A user pool and the app client whose tokens the API accepts. */
export interface PoolAndClient {
  readonly pool: UserPool;
  readonly client: UserPoolClient;
}

export interface ApiProps {
  /** The route table (shared/routes.ts ROUTES). */
  readonly routes: readonly RouteDef[];
  /** What each route's handler may touch, by route id. */
  readonly needs: Readonly<Record<string, RouteNeeds>>;
  /** The handler entry file of a route id (lambdas/handlers/<id>.ts). */
  readonly handlerEntry: (routeId: string) => string;
  /** Environment of every handler (tables, bucket, pools, SMS settings). */
  readonly environment: Record<string, string>;
  /**
   * The secrets the handlers read at start (lambdas/lib/secrets.ts): every handler gets the origin
   * secret's ARN (ORIGIN_SECRET_ARN) and may read it; only those whose needs say `erasureKey` get
   * the erasure key's (ERASURE_KEY_ARN) and may read it. No environment holds a secret's value.
   */
  readonly secrets: { readonly origin: ISecret; readonly erasureKey: ISecret };
  /** The tables, by logical name, with their definitions (for index ARNs). */
  readonly tables: Readonly<Record<TableDef['name'], { table: Table; def: TableDef }>>;
  /** The logo bucket (upload-logo writes under business/). */
  readonly logoBucket: Bucket;
  /** Visitor pool and client: issuer and audience of the visitor authorizer. */
  readonly visitor: PoolAndClient;
  /** Staff pool and client: issuer and audience of the staff authorizer. */
  readonly staff: PoolAndClient;
  /**
   * Throttles per route, by the route's auth kind.
   * @default ROUTE_THROTTLES
   */
  readonly throttles?: Readonly<Record<RouteAuth, RouteThrottle>>;
}

export class Api extends Construct {
  public readonly httpApi: HttpApi;
  /** The execute-api host name, CloudFront's origin for /api/*. */
  public readonly domainName: string;
  /** Each route's function, by route id. */
  public readonly functions: Readonly<Record<string, SpinFunction>>;
  /** The execution role each group of routes shares (route-permissions.ts API_ROLE_GROUP). */
  public readonly roles: Readonly<Record<ApiRoleGroup, Role>>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Spin & Win API (reached through CloudFront /api/*)',
      // The stage is declared below, with throttling and access logs.
      createDefaultStage: false,
    });
    const stack = Stack.of(this);
    const throttles = props.throttles ?? ROUTE_THROTTLES;
    const stage = this.defaultStage(throttles);
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    const authorizers: Record<'visitor' | 'staff', IHttpRouteAuthorizer> = {
      visitor: jwtAuthorizer('VisitorAuthorizer', props.visitor),
      staff: jwtAuthorizer('StaffAuthorizer', props.staff),
    };

    const roles = this.groupRoles();
    this.roles = roles;
    /** The handlers of each group that read the erasure key. */
    const erasureKeyReaders: Partial<Record<ApiRoleGroup, SpinFunction[]>> = {};

    const functions: Record<string, SpinFunction> = {};
    // CloudFormation's RouteSettings is a plain JSON map: its keys are written as CloudFormation's.
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    > = {};
    for (const route of props.routes) {
      const needs = props.needs[route.id];
      if (needs === undefined) throw new Error(`No permissions declared for route ${route.id}`);
      const group = API_ROLE_GROUP[route.auth];
      const fn = new SpinFunction(this, route.id, {
        entry: props.handlerEntry(route.id),
        description: `${route.method} ${route.path}`,
        environment: {
          ...props.environment,
          ORIGIN_SECRET_ARN: props.secrets.origin.secretArn,
          ...(needs.erasureKey ? { ERASURE_KEY_ARN: props.secrets.erasureKey.secretArn } : {}),
        },
        role: roles[group],
      });
      this.grant(fn, needs, props);
      if (needs.erasureKey) (erasureKeyReaders[group] ??= []).push(fn);
      const kind = AUTHORIZER_OF[route.auth];
      const [routeResource] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn.function),
        authorizer: kind === undefined ? undefined : authorizers[kind],
      });
      if (kind === undefined && routeResource) {
        Validations.of(routeResource).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (the wheel page before sign-in); abuse is bounded by its route throttle, the SMS cost guard and WAF.`,
        });
      }
      functions[route.id] = fn;
      if (routeResource) stage.node.addDependency(routeResource);
      routeSettings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: throttles[route.auth].rate,
        ThrottlingBurstLimit: throttles[route.auth].burst,
      };
    }
    this.functions = functions;
    this.grantErasureKey(erasureKeyReaders, props);
    // The L2 stage has no per-route settings; API Gateway checks that each route key exists, so the
    // stage waits for the routes (above).
    (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
  }

  /** The $default stage: throttled, with JSON access logs. */
  private defaultStage(throttles: Readonly<Record<RouteAuth, RouteThrottle>>): HttpStage {
    const stack = Stack.of(this);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      // Under /aws/vendedlogs/, API Gateway's access logs need no entry in the account's CloudWatch
      // Logs resource policy (5,120 characters, shared by every shop in the account): without it,
      // each API appends its log group there until deploys fail (docs/capacity.md, "Shops per
      // account"). The name carries the stack (and so the shop); log groups are per region.
      logGroupName: `/aws/vendedlogs/apigateway/${stack.stackName}/access`,
      retention: LOG_RETENTION,
      // Logs are diagnostics, not records: they go with the stack (as the functions' logs do).
      removalPolicy: RemovalPolicy.DESTROY,
    });
    return new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // A route without its own settings (none today) gets the public routes' limit.
      throttle: { rateLimit: throttles.public.rate, burstLimit: throttles.public.burst },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            route: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
  }

  /** The execution role of each group of routes (route-permissions.ts API_ROLE_GROUP). */
  private groupRoles(): Record<ApiRoleGroup, Role> {
    return Object.fromEntries(
      (Object.keys(ROLE_GROUP_DESCRIPTIONS) as ApiRoleGroup[]).map((group) => [
        group,
        functionRole(
          this,
          `${group.charAt(0).toUpperCase()}${group.slice(1)}Role`,
          ROLE_GROUP_DESCRIPTIONS[group],
        ),
      ]),
    ) as Record<ApiRoleGroup, Role>;
  }

  /**
   * The erasure key, to the handlers that need it only: a policy of its own (the functions' ARNs
   * in the role's default policy would be a cycle: each function waits for that policy).
   */
  private grantErasureKey(
    readers: Partial<Record<ApiRoleGroup, SpinFunction[]>>,
    props: ApiProps,
  ): void {
    const roles = this.roles;
    for (const [group, groupReaders] of Object.entries(readers)) {
      new Policy(this, `${group.charAt(0).toUpperCase()}${group.slice(1)}ErasureKey`, {
        roles: [roles[group as ApiRoleGroup]],
        statements: [
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.secrets.erasureKey.secretArn],
            conditions: {
              ArnEquals: {
                'lambda:SourceFunctionArn': groupReaders.map((r) => r.function.functionArn),
              },
            },
          }),
        ],
      });
    }
  }

  /** Adds the statements a route's handler needs to its (group's) role. */
  private grant(fn: SpinFunction, needs: RouteNeeds, props: ApiProps): void {
    // Reading the origin secret's value, current or previous version: no listing, no describing.
    // (The erasure key is granted to its readers alone, in the constructor.)
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [props.secrets.origin.secretArn],
      }),
    );
    for (const [key, access] of Object.entries(needs.tables ?? {})) {
      const name = key as TableDef['name'];
      const entry = props.tables[name];
      if (!entry || !access) continue;
      const lists = needs.lists?.includes(name) ?? false;
      // Index ARNs only for a listing: the indexes are only ever queried.
      const indexArns = !lists
        ? []
        : (entry.def.globalSecondaryIndexes ?? []).map(
            (gsi) => `${entry.table.tableArn}/index/${gsi.indexName}`,
          );
      fn.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: tableActions(name, access, lists),
          resources: [entry.table.tableArn, ...indexArns],
        }),
      );
    }
    for (const name of needs.lists ?? []) {
      if (!needs.tables?.[name])
        throw new Error(`${fn.node.id} lists ${name} without access to it`);
    }
    if (needs.logoUpload) {
      fn.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['s3:PutObject'],
          resources: [props.logoBucket.arnForObjects(`${LOGO_KEY_PREFIX}*`)],
        }),
      );
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(props.logoBucket.node.defaultChild as never)}.Arn>/${LOGO_KEY_PREFIX}*]`,
        reason:
          'Logo file names are generated per upload; the grant is PutObject under business/ of the logo bucket only.',
      });
    }
    const poolStatement = (pool: UserPool, actions: readonly string[] | undefined): void => {
      if (!actions?.length) return;
      fn.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: actions.map((a) => `cognito-idp:${a}`),
          resources: [pool.userPoolArn],
        }),
      );
    };
    poolStatement(props.visitor.pool, needs.visitorPool);
    poolStatement(props.staff.pool, needs.staffPool);
  }
}

/**
 * A JWT authorizer accepting the pool's tokens for its app client (ID token aud = client id). The
 * issuer is spelled out: the pool's ProviderURL attribute lacks the https:// the tokens' iss has.
 */
function jwtAuthorizer(id: string, { pool, client }: PoolAndClient): HttpJwtAuthorizer {
  const issuer = `https://cognito-idp.${Stack.of(pool).region}.amazonaws.com/${pool.userPoolId}`;
  return new HttpJwtAuthorizer(id, issuer, {
    authorizerName: id,
    jwtAudience: [client.userPoolClientId],
  });
}
