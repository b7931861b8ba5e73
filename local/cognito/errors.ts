/**
 * Cognito service errors as the real service sends them: HTTP 400 for every client error, the
 * exception name in `__type` and in `x-amzn-ErrorType` (with its trailing colon).
 */

/** An error the stand-in answers with, named like Cognito's exception shapes. */
export class CognitoServiceError extends Error {
  constructor(
    /** The `__type`, e.g. NotAuthorizedException. */
    readonly type: string,
    message: string,
    /** 400 for client errors (Cognito sends 400 even where its model says 403/404/429). */
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

/** Messages Cognito uses, word for word (docs/cognito.md). */
export const COGNITO_MESSAGES = Object.freeze({
  incorrectCredentials: 'Incorrect username or password.',
  userDisabled: 'User is disabled.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userNotFound: 'User does not exist.',
  userExists: 'User account already exists',
  phoneUserExists: 'An account with the given phone_number already exists.',
  sessionInvalid: 'Invalid session for the user.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  sessionUsed: 'Invalid session for the user, session can only be used once.',
  invalidRefreshToken: 'Invalid Refresh Token',
  passwordTooShort: 'Password did not conform with policy: Password not long enough',
  groupNotFound: 'Group not found.',
  unrecognizableLambdaOutput: 'Unrecognizable lambda output',
});

export const notAuthorized = (message: string) =>
  new CognitoServiceError('NotAuthorizedException', message);
export const invalidParameter = (message: string) =>
  new CognitoServiceError('InvalidParameterException', message);
export const userNotFound = () =>
  new CognitoServiceError('UserNotFoundException', COGNITO_MESSAGES.userNotFound);
export const resourceNotFound = (message: string) =>
  new CognitoServiceError('ResourceNotFoundException', message);
