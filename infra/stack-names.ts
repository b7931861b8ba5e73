/**
 * The CloudFormation stack names of a deployment, apart from the CDK code so that the preflight can
 * name them without loading the app.
 */

/** A shop's stack name in CloudFormation; a shop's deployment appends `-<shop>`. */
const STACK_NAME = 'SpinWin';
/** The account base: one per account and region, what every shop there shares (infra/base-stack.ts). */
export const BASE_STACK_NAME = 'SpinWinBase';
/** The account base's us-east-1 part: the CloudFront web ACL (CloudFront takes ACLs from there only). */
const BASE_EDGE_STACK_NAME = 'SpinWinBaseEdge';

/** A stack's name for a shop; without a shop, the name deployments had before shops existed. */
const shopStackName = (base: string, shop: string | undefined): string =>
  shop === undefined ? base : `${base}-${shop}`;

/** The stack names of a shop's deployment: one stack, in the shop's region. */
export const deploymentStackNames = (shop: string | undefined) => ({
  main: shopStackName(STACK_NAME, shop),
});

/** The names the account base exports (unique per account and region) and the shops import. */
export const BASE_EXPORTS = {
  securityHeadersPolicyId: `${BASE_STACK_NAME}-SecurityHeadersPolicyId`,
  functionArn: (fnId: string) => `${BASE_STACK_NAME}-${fnId}FunctionArn`,
  originAccessControlId: `${BASE_STACK_NAME}-OriginAccessControlId`,
  /** The regional web ACLs (the visitor pools', the staff pools'). */
  webAclArn: (acl: 'VisitorPools' | 'StaffPools') => `${BASE_STACK_NAME}-${acl}WebAclArn`,
  wafAssociatorArn: `${BASE_STACK_NAME}-WafAssociatorArn`,
} as const;

/**
 * The account base's us-east-1 part for a region, and the output holding its CloudFront web ACL's
 * ARN, which a shop reads across regions with Fn::GetStackOutput (an export cannot cross regions).
 */
export const baseEdgeStackName = (region: string) => `${BASE_EDGE_STACK_NAME}-${region}`;
export const BASE_EDGE_WEB_ACL_OUTPUT = 'ApiWebAclArn';
