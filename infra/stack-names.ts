/**
 * The CloudFormation stack names of a deployment, apart from the CDK code so that the preflight can
 * name them without loading the app.
 */

/** Stack names in CloudFormation; a shop's deployment appends `-<shop>` to both. */
const STACK_NAME = 'SpinWin';
const EDGE_STACK_NAME = 'SpinWinEdge';
/** The account base: one per account and region, what every shop there shares (infra/base-stack.ts). */
export const BASE_STACK_NAME = 'SpinWinBase';

/** A stack's name for a shop; without a shop, the name deployments had before shops existed. */
const shopStackName = (base: string, shop: string | undefined): string =>
  shop === undefined ? base : `${base}-${shop}`;

/** The stack names of a deployment: the main stack, and the edge stack (us-east-1, WAF). */
export const deploymentStackNames = (shop: string | undefined) => ({
  main: shopStackName(STACK_NAME, shop),
  edge: shopStackName(EDGE_STACK_NAME, shop),
});

/** The names the account base exports (unique per account and region) and the shops import. */
export const BASE_EXPORTS = {
  securityHeadersPolicyId: `${BASE_STACK_NAME}-SecurityHeadersPolicyId`,
  functionArn: (fnId: string) => `${BASE_STACK_NAME}-${fnId}FunctionArn`,
} as const;
