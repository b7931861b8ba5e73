/**
 * The staff pool's self-service block: Cognito's self-service calls (the ones the SDK sends
 * without AWS credentials: anyone may make them, with no token or with a user's own access token)
 * that the product never makes at the staff pool, and the WAF statement that blocks them.
 *
 * The list is Cognito's whole set of such calls minus the two the staff pages make at the staff
 * pool from the browser (web/src/lib/cognito.ts): token refresh (InitiateAuth with
 * REFRESH_TOKEN_AUTH; the pool's client allows no password flow from the internet) and RevokeToken
 * at logout. The password sign-in is AdminInitiateAuth, made by our own API with AWS credentials
 * (docs/cognito.md), which WAF on a user pool does not see. test/security/leaks.test.ts derives the
 * set from @aws-sdk/client-cognito-identity-provider's own commands and fails when the two differ
 * (a newer SDK with a new call, or a call the product starts making). Kept apart from the web ACL
 * itself so that the ACL can move between stacks unchanged.
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';

/** Every other self-service call, blocked from any address (DeleteUser would let a kept session delete its own account). */
export const SELF_SERVICE_CALLS_NEVER_MADE = [
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'ListDevices',
  'ListUserSessions',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeUserSession',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
] as const;

/** The X-Amz-Target value of a Cognito user pool operation. */
const cognitoTarget = (operation: string): string =>
  `AWSCognitoIdentityProviderService.${operation}`;

/**
 * A WAF statement matching a request whose X-Amz-Target names any of `operations`, in any case
 * (the header is lowercased before it is compared; Cognito does not mind the case).
 */
export function blockedTargetsStatement(
  operations: readonly string[],
): CfnWebACL.StatementProperty {
  return {
    orStatement: {
      statements: operations.map((operation) => ({
        byteMatchStatement: {
          fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
          positionalConstraint: 'EXACTLY',
          searchString: cognitoTarget(operation).toLowerCase(),
          textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
        },
      })),
    },
  };
}
