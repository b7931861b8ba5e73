/**
 * The credential provider every deployed function bundles in place of the SDK's default chain
 * (`@aws-sdk/credential-provider-node`; the alias is in infra/function-defaults.ts).
 *
 * Lambda puts the execution role's credentials in the environment of every function
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) for the life of the execution
 * environment, and the default chain takes them from there first: its other links (SSO, ini files,
 * `credential_process`, web identity, container and instance metadata) are never reached in Lambda.
 * They are 135 KB of code per client and `child_process`, compiled at every cold start for nothing
 * (docs/performance.md, "Cold starts"). A missing variable fails the call with the SDK's own
 * CredentialsProviderError, as the chain would after trying the rest.
 *
 * Same export as the package it replaces, so every client's runtime config takes it unchanged.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);
