/**
 * Auth: the two Cognito user pools, built from infra/definitions.ts POOLS (the local Cognito
 * stand-in reads the same definitions).
 * - Visitors: phone number as username, CUSTOM_AUTH only (SMS code through the three triggers),
 *   no self sign-up (POST /api/otp/start creates the user), no password flow on the client.
 * - Staff: username and password (USER_PASSWORD_AUTH), groups admin and operator, no self sign-up;
 *   the two users are created at deploy with random passwords kept in one Secrets Manager secret.
 */
import { CustomResource, Duration, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  ClientAttributes,
  CfnUserPoolGroup,
  CfnUserPoolRiskConfigurationAttachment,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type AuthFlow,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { POOLS, STAFF_PASSWORD_POLICY, STAFF_USERS, TOKEN_VALIDITY } from '@shared/definitions';
import { STAFF_ROLES } from '@shared/types';
import { functionRole, SpinFunction } from '../function-defaults';
import { STATEFUL_REMOVAL_POLICY } from '../stateful';

/** Cognito's strongest usual minimum; visitors never use a password (see the visitor pool). */
const VISITOR_PASSWORD_MIN_LENGTH = 12;
/** The staff-users custom resource makes a few Cognito calls per user; a minute leaves room for retries. */
const STAFF_USERS_TIMEOUT = Duration.seconds(60);
/**
 * How long CloudFormation waits for the staff-users resource's answer. The handler always answers
 * (success or failure), but a function that dies first (a crash at start, its timeout) never does,
 * and CloudFormation's own default wait is an hour; this gives the function's minute and retries.
 */
const STAFF_USERS_SERVICE_TIMEOUT = Duration.minutes(5);
/**
 * Cognito waits 5 s for each trigger invocation, then invokes it again (up to 3 attempts; see
 * docs/cognito.md). A longer timeout would only keep an abandoned invocation running, possibly
 * sending an SMS, beside its retry; so the function stops when Cognito stops waiting.
 */
const TRIGGER_TIMEOUT = Duration.seconds(5);

type PoolDef = (typeof POOLS)[keyof typeof POOLS];

/** Client auth flows from the definitions' Cognito flow names; the refresh flow is always on. */
function authFlowsOf(def: PoolDef): AuthFlow {
  const flows: readonly string[] = def.authFlows;
  return {
    custom: flows.includes('CUSTOM_AUTH'),
    userPassword: flows.includes('USER_PASSWORD_AUTH'),
    adminUserPassword: flows.includes('ADMIN_USER_PASSWORD_AUTH'),
    userSrp: flows.includes('USER_SRP_AUTH'),
  };
}

export interface TriggerEntries {
  /** Entry file of the DefineAuthChallenge trigger. */
  readonly defineAuthChallenge: string;
  /** Entry file of the CreateAuthChallenge trigger (draws and sends the SMS code). */
  readonly createAuthChallenge: string;
  /** Entry file of the VerifyAuthChallengeResponse trigger. */
  readonly verifyAuthChallenge: string;
}

export interface AuthProps {
  /** The three custom-auth trigger entry files. */
  readonly triggerEntries: TriggerEntries;
  /** Entry file of the staff-users custom resource handler. */
  readonly staffUsersEntry: string;
  /**
   * Environment of the triggers (table names, SMS settings).
   * @default - none beyond the function defaults
   */
  readonly triggerEnvironment?: Record<string, string>;
  /**
   * What happens to the pools and the password secrets when the stack is deleted.
   * @default STATEFUL_REMOVAL_POLICY (infra/stateful.ts: visitors' accounts and the staff logins outlive the stack)
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Cognito deletion protection on both pools. A protected pool cannot be deleted, not even by the
   * rollback of a failed first create (the stack then ends in ROLLBACK_FAILED and the same deploy
   * cannot be retried), so it is off until the promotion is live: `-c deletionProtection=true`
   * (docs/deploy.md). Without it the pools are still retained on a stack deletion or replacement
   * (removalPolicy).
   * @default false
   */
  readonly deletionProtection?: boolean;
}

export class Auth extends Construct {
  public readonly visitorPool: UserPool;
  public readonly visitorClient: UserPoolClient;
  public readonly staffPool: UserPool;
  public readonly staffClient: UserPoolClient;
  public readonly defineAuthChallenge: SpinFunction;
  public readonly createAuthChallenge: SpinFunction;
  public readonly verifyAuthChallenge: SpinFunction;
  /** The execution role the three sign-in triggers share (each may do what any of them needs). */
  public readonly triggerRole: Role;
  /**
   * One secret for both staff users: a JSON object of each user's initial password by username,
   * written by the staff-users custom resource when it creates the user (one secret, not one per
   * user: each costs USD 0.40 a month).
   */
  public readonly staffPasswordsSecret: Secret;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? STATEFUL_REMOVAL_POLICY;
    const clientTokens = {
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessMinutes),
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idMinutes),
      // Logout revokes the device's refresh token (RevokeToken), a password change all of them.
      enableTokenRevocation: true,
      // No attribute is the user's to change: the phone number is the visitor's identity. An
      // empty list would be read as "all standard attributes", so one unused one stands for none.
      writeAttributes: new ClientAttributes().withStandardAttributes({ locale: true }),
      generateSecret: false,
      preventUserExistenceErrors: true,
      // No hosted UI: the SPA talks to Cognito's API directly.
      disableOAuth: true,
    } as const;

    // Visitors.
    this.triggerRole = functionRole(
      this,
      'TriggersRole',
      'Execution role of the visitor sign-in triggers (Define, Create and Verify auth challenge)',
    );
    const trigger = (name: keyof TriggerEntries, description: string): SpinFunction =>
      new SpinFunction(this, name.charAt(0).toUpperCase() + name.slice(1), {
        entry: props.triggerEntries[name],
        description,
        timeout: TRIGGER_TIMEOUT,
        environment: props.triggerEnvironment,
        role: this.triggerRole,
      });
    this.defineAuthChallenge = trigger(
      'defineAuthChallenge',
      'Cognito DefineAuthChallenge (visitor SMS code)',
    );
    this.createAuthChallenge = trigger(
      'createAuthChallenge',
      'Cognito CreateAuthChallenge (draws, sends SMS code)',
    );
    this.verifyAuthChallenge = trigger(
      'verifyAuthChallenge',
      'Cognito VerifyAuthChallengeResponse',
    );

    const visitor = POOLS.visitor;
    this.visitorPool = new UserPool(this, 'VisitorPool', {
      signInAliases: {
        phone: (visitor.usernameAttributes as readonly string[]).includes('phone_number'),
        username: false,
      },
      selfSignUpEnabled: false,
      // Codes go out through our own SNS call (with the cost guard), never through Cognito's SMS.
      autoVerify: {},
      enableSmsRole: false,
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.NONE,
      // Visitors never have a password (no password flow on their client); should one ever be set
      // through the admin API, it must be a strong one.
      passwordPolicy: {
        minLength: VISITOR_PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      // Lite: custom-auth triggers are included; the paid plans add nothing this product uses.
      featurePlan: FeaturePlan.LITE,
      deletionProtection: props.deletionProtection ?? false,
      removalPolicy,
      lambdaTriggers: {
        defineAuthChallenge: this.defineAuthChallenge.function,
        createAuthChallenge: this.createAuthChallenge.function,
        verifyAuthChallengeResponse: this.verifyAuthChallenge.function,
      },
    });
    this.visitorClient = this.visitorPool.addClient('VisitorClient', {
      ...clientTokens,
      refreshTokenValidity: Duration.hours(visitor.refreshTokenHours),
      authFlows: authFlowsOf(visitor),
      authSessionValidity: Duration.minutes(visitor.authSessionValidityMinutes),
    });

    // Staff.
    const staff = POOLS.staff;
    this.staffPool = new UserPool(this, 'StaffPool', {
      signInAliases: { username: true },
      signInCaseSensitive: POOLS.staff.signInCaseSensitive,
      selfSignUpEnabled: false,
      standardAttributes: { email: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: STAFF_PASSWORD_POLICY.minLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      mfa: Mfa.OFF,
      // Forgotten staff passwords are reset by the admin in the app, not by email.
      accountRecovery: AccountRecovery.NONE,
      // Plus, for threat protection on the two staff accounts (about USD 0.02 each a month):
      // passwords found in public leaks are refused, and sign-ins Cognito rates risky (a new
      // place and device after failures, a known bad address) are blocked (the risk configuration
      // below). The fixed public usernames and the product's 6-character minimum need both.
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: props.deletionProtection ?? false,
      removalPolicy,
    });
    this.staffClient = this.staffPool.addClient('StaffClient', {
      ...clientTokens,
      refreshTokenValidity: Duration.hours(staff.refreshTokenHours),
      authFlows: authFlowsOf(staff),
      authSessionValidity: Duration.minutes(staff.authSessionValidityMinutes),
    });
    // What threat protection does on the staff pool: block a sign-in, or a password change, with
    // credentials found in a leak; block a medium- or high-risk sign-in (there is no MFA to ask for
    // instead), let a low-risk one through. No e-mail is sent (the pool has no SES identity).
    const block = { eventAction: 'BLOCK', notify: false } as const;
    new CfnUserPoolRiskConfigurationAttachment(this, 'StaffThreatProtection', {
      userPoolId: this.staffPool.userPoolId,
      clientId: 'ALL',
      compromisedCredentialsRiskConfiguration: {
        eventFilter: ['SIGN_IN', 'PASSWORD_CHANGE'],
        actions: { eventAction: 'BLOCK' },
      },
      accountTakeoverRiskConfiguration: {
        actions: {
          lowAction: { eventAction: 'NO_ACTION', notify: false },
          mediumAction: block,
          highAction: block,
        },
      },
    });
    for (const group of STAFF_ROLES) {
      new CfnUserPoolGroup(this, `Group${group}`, {
        userPoolId: this.staffPool.userPoolId,
        groupName: group,
        description: `Spin & Win ${group}s`,
      });
    }

    // Staff users, with their initial passwords in one Secrets Manager secret: made empty here (no
    // password in the template), filled by the custom resource when it creates a user.
    this.staffPasswordsSecret = new Secret(this, 'StaffPasswords', {
      description: 'Spin & Win: initial passwords of the staff users, by username (JSON)',
      secretObjectValue: {},
      removalPolicy,
    });
    Validations.of(this.staffPasswordsSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The secret holds the initial staff passwords only; after that, the admin changes passwords in the app ' +
        '(AdminSetUserPassword). Rotating the secret would not change the Cognito passwords.',
    });

    const staffUsers = new SpinFunction(this, 'StaffUsers', {
      entry: props.staffUsersEntry,
      description: 'Custom resource: creates the staff users with their initial passwords',
      timeout: STAFF_USERS_TIMEOUT,
    });
    staffUsers.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:AdminAddUserToGroup',
        ],
        resources: [this.staffPool.userPoolArn],
      }),
    );
    // Reads the passwords kept, and adds the one it generates for a user it creates.
    staffUsers.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        resources: [this.staffPasswordsSecret.secretArn],
      }),
    );
    const users = new CustomResource(this, 'StaffUsersResource', {
      serviceToken: staffUsers.function.functionArn,
      resourceType: 'Custom::StaffUsers',
      serviceTimeout: STAFF_USERS_SERVICE_TIMEOUT,
      properties: {
        UserPoolId: this.staffPool.userPoolId,
        PasswordsSecretArn: this.staffPasswordsSecret.secretArn,
        Users: JSON.stringify(
          STAFF_USERS.map((user) => ({
            username: user.username,
            group: user.group,
            email: user.email,
          })),
        ),
      },
    });
    // The groups must exist before users are added to them.
    for (const child of this.node.children) {
      if (child instanceof CfnUserPoolGroup) users.node.addDependency(child);
    }

    Validations.of(this.visitorPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Visitors have no password: each sign-in is a one-time SMS code (CUSTOM_AUTH), which is itself the second factor.',
    });
    Validations.of(this.staffPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'The product has staff sign in with a username and password on a shared shop device; MFA would need a phone per ' +
        'login and SMS costs. Staff can only redeem prizes and edit the wheel.',
    });
    Validations.of(this.staffPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The product fixes the staff password rule at 6 characters minimum, validated the same way in the admin screen; ' +
        'the admin sets these passwords, and the generated initial ones are 20 characters (lambdas/domain/staff-accounts.ts).',
    });
    const visitorPlanReason =
      'Lite plan: custom-auth triggers are all the visitor pool uses, and threat protection is priced per monthly ' +
      'active user (every visitor); the SMS cost guard, the route throttles and WAF cover the abuse visitors face.';
    Validations.of(this.visitorPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason: visitorPlanReason,
    });
    Validations.of(this.visitorPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: visitorPlanReason,
    });
  }
}
