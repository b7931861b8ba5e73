/**
 * WAF rate-based rules per client IP, in web ACLs the account base holds once for every shop of
 * the account and region (infra/base-stack.ts); a shop attaches its distribution and associates
 * its user pools (context waf, on by default).
 * - CLOUDFRONT scope (must live in us-east-1): requests to /api/* through every shop's
 *   distribution, counted per address AND host, so each shop's /api/ keeps its own budget.
 * - REGIONAL scope: the visitor user pools' endpoint, where the browser calls InitiateAuth and
 *   RespondToAuthChallenge directly (each sign-in can cost an SMS); and the staff pools', where
 *   the fixed staff usernames meet password guessing (Cognito locks a user after 5 failures, but
 *   a guesser would keep the owner locked out: the rule stops the guesser's address first). Every
 *   pool's calls go to the same Cognito host with nothing WAF can key on that names the pool, so
 *   these count an address's calls to every shop's pools of that kind together.
 * Each web ACL costs USD 5 a month plus USD 1 per rule and USD 0.60 per million requests, once per
 * account (and region), not per shop.
 */
import { CustomResource, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { SpinFunction } from '../function-defaults';
import { nagPartition } from '../nag';
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
   * Count per address and Host header (each shop's distribution has its own host), so shops
   * sharing the ACL never share an address's budget.
   * @default false (per address only)
   */
  readonly perHost?: boolean;
  /**
   * Cognito operations (X-Amz-Target names, in any case) the ACL blocks outright, from any
   * address (cognito-self-service.ts).
   * @default - none
   */
  readonly blockOperations?: readonly string[];
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
              ...(props.perHost
                ? {
                    aggregateKeyType: 'CUSTOM_KEYS',
                    customKeys: [
                      { ip: {} },
                      {
                        header: {
                          name: 'host',
                          textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                        },
                      },
                    ],
                  }
                : { aggregateKeyType: 'IP' }),
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
  }
}

/**
 * The account base's function behind every shop's association of a user pool with a regional
 * web ACL (one role for the whole account and region, instead of one per pool of each shop). It
 * retries while WAF reports the ACL or the new pool unavailable (AWS::WAFv2::WebACLAssociation
 * fails the deploy instead), and disassociates on delete, so a shop can turn WAF off or go.
 */
export class WafAssociator extends Construct {
  public readonly serviceToken: string;

  constructor(
    scope: Construct,
    id: string,
    props: { handlerEntry: string; webAclArns: readonly string[] },
  ) {
    super(scope, id);
    const stack = Stack.of(this);
    const fn = new SpinFunction(this, 'Associator', {
      entry: props.handlerEntry,
      description:
        "Custom resource: associates a shop's user pool with the WAF web ACL, with retries",
      timeout: ASSOCIATION_TIMEOUT,
    });
    // Any user pool of the account and region: the shops' pools do not exist yet when this does.
    const pools = stack.formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
    });
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['wafv2:AssociateWebACL', 'wafv2:DisassociateWebACL'],
        resources: [...props.webAclArns, pools],
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
        resources: [pools],
      }),
    );
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${nagPartition(stack)}:cognito-idp:${shown(stack.region, '<AWS::Region>')}:${shown(stack.account, '<AWS::AccountId>')}:userpool/*]`,
      reason:
        "The shops' user pools are created after the base, one per shop: the role may only associate them with the base's web ACLs.",
    });
    this.serviceToken = fn.function.functionArn;
  }
}

/** A value as cdk-nag writes it in a finding: the token's name when unresolved. */
const shown = (value: string, token: string): string => (Token.isUnresolved(value) ? token : value);

/** A shop's association of one of its user pools with a base web ACL, through the base's function. */
export function associateWebAcl(
  scope: Construct,
  id: string,
  props: { serviceToken: string; webAclArn: string; resourceArn: string },
): CustomResource {
  return new CustomResource(scope, id, {
    serviceToken: props.serviceToken,
    resourceType: 'Custom::WebAclAssociation',
    serviceTimeout: ASSOCIATION_SERVICE_TIMEOUT,
    properties: { WebAclArn: props.webAclArn, ResourceArn: props.resourceArn },
  });
}
