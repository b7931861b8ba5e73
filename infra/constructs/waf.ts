/**
 * Optional WAF (context waf=true): rate-based rules per client IP.
 * - CLOUDFRONT scope (must live in us-east-1): requests to /api/* through the distribution.
 * - REGIONAL scope: the visitor user pool's own endpoint, where the browser calls InitiateAuth and
 *   RespondToAuthChallenge directly (each sign-in can cost an SMS); and the staff pool's, where
 *   the fixed staff usernames meet password guessing (Cognito locks a user after 5 failures, but
 *   a guesser would keep the owner locked out: the rule stops the guesser's address first).
 * Off by default: each web ACL costs USD 5 a month plus USD 1 per rule and USD 0.60 per million
 * requests.
 */
import { CustomResource, Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { SpinFunction } from '../function-defaults';
import { blockedTargetsStatement } from './cognito-self-service';

/** The association's function retries for 9 minutes (lambdas/custom-resources/waf-association.ts). */
const ASSOCIATION_TIMEOUT = Duration.minutes(10);
/** CloudFormation's wait for the association: the function's time and a margin, not an hour. */
const ASSOCIATION_SERVICE_TIMEOUT = Duration.minutes(12);
/** WAF counts requests per IP over this window (seconds); 5 minutes is its default. */
const RATE_WINDOW_SECONDS = 300;
/**
 * Requests per IP per window to /api/*. A visitor makes about 5 (docs/capacity.md), but a mobile
 * carrier's crowd shares one IPv4 address (carrier-grade NAT): at a viral peak one address may carry
 * hundreds of visitors in 5 minutes, so the limit is sized for about 430 of them (docs/security.md,
 * "Crowds behind one address"), not for one phone.
 */
export const DEFAULT_API_RATE_LIMIT = 2000;
/** Cognito calls per IP per window: about 2 per visitor; sized like the API's for about 450 visitors. */
export const DEFAULT_AUTH_RATE_LIMIT = 1000;
/**
 * Staff pool calls per IP per window (WAF's minimum is 10): a sign-in is one call, a token refresh
 * one an hour per device; 20 leaves a shop's devices room and stops a guesser within 20 tries.
 */
export const DEFAULT_STAFF_AUTH_RATE_LIMIT = 20;

export interface RateLimitAclProps {
  /** CLOUDFRONT (create in us-east-1) or REGIONAL. */
  readonly scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Requests allowed per client IP per RATE_WINDOW_SECONDS before WAF blocks it. */
  readonly limit: number;
  /**
   * Only requests whose path starts with this count toward the limit.
   * @default - every request counts
   */
  readonly pathPrefix?: string;
  /**
   * Cognito operations (X-Amz-Target names, in any case) the ACL blocks outright, from any
   * address (cognito-self-service.ts).
   * @default - none
   */
  readonly blockOperations?: readonly string[];
  /**
   * A regional resource (the visitor user pool) to associate the ACL with.
   * @default - none (a CLOUDFRONT ACL is attached by the distribution instead)
   */
  readonly associateWith?: {
    /** ARN of the user pool. */
    readonly resourceArn: string;
    /** Entry file of the association custom resource (lambdas/custom-resources/waf-association.ts). */
    readonly handlerEntry: string;
  };
}

/** A web ACL that allows everything except clients over a per-IP request rate. */
export class RateLimitAcl extends Construct {
  public readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitAclProps) {
    super(scope, id);
    const metric = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${id}${name}`,
      sampledRequestsEnabled: true,
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: metric('Acl'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          visibilityConfig: metric('RateLimit'),
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.limit,
              evaluationWindowSec: RATE_WINDOW_SECONDS,
              scopeDownStatement: props.pathPrefix
                ? {
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: 'STARTS_WITH',
                      searchString: props.pathPrefix,
                      textTransformations: [{ priority: 0, type: 'NONE' }],
                    },
                  }
                : undefined,
            },
          },
        },
        ...(props.blockOperations?.length
          ? [
              {
                name: 'BlockUnusedOperations',
                priority: 1,
                action: { block: {} },
                visibilityConfig: metric('BlockOperations'),
                statement: blockedTargetsStatement(props.blockOperations),
              },
            ]
          : []),
      ],
    });
    if (props.associateWith) this.associate(props.associateWith);
  }

  /**
   * Associates the ACL with a user pool through our custom resource, which retries while WAF
   * reports the new ACL unavailable (AWS::WAFv2::WebACLAssociation fails the deploy instead), and
   * disassociates on delete, so that turning WAF off can delete the ACL.
   */
  private associate(target: NonNullable<RateLimitAclProps['associateWith']>): void {
    const fn = new SpinFunction(this, 'Associator', {
      entry: target.handlerEntry,
      description: 'Custom resource: associates the WAF web ACL with the user pool, with retries',
      timeout: ASSOCIATION_TIMEOUT,
    });
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['wafv2:AssociateWebACL', 'wafv2:DisassociateWebACL'],
        resources: [this.webAcl.attrArn, target.resourceArn],
      }),
    );
    // WAF checks that the caller may also change the user pool's web ACL.
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'cognito-idp:AssociateWebACL',
          'cognito-idp:DisassociateWebACL',
          'cognito-idp:GetWebACLForResource',
        ],
        resources: [target.resourceArn],
      }),
    );
    new CustomResource(this, 'Association', {
      serviceToken: fn.function.functionArn,
      resourceType: 'Custom::WebAclAssociation',
      serviceTimeout: ASSOCIATION_SERVICE_TIMEOUT,
      properties: { WebAclArn: this.webAcl.attrArn, ResourceArn: target.resourceArn },
    });
  }
}
