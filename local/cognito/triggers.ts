/**
 * Invoking the custom-auth triggers the way Cognito invokes Lambda (docs/cognito.md): the whole event
 * in, the whole event back with `response` filled; a throw becomes UserLambdaValidationException,
 * a trigger slower than the 5 s budget is retried and fails after 3 attempts, and output that is
 * not a well-formed event is InvalidLambdaResponseException.
 */
import { countLambdaInvocation } from '../aws-calls';
import { COGNITO_MESSAGES, CognitoServiceError } from './errors';

/** Trigger slot names: these, not function names, appear in Cognito's error messages. */
export type TriggerName =
  'DefineAuthChallenge' | 'CreateAuthChallenge' | 'VerifyAuthChallengeResponse';

/** A trigger handler: takes the event, returns it (or a promise of it) with `response` filled. */
export type TriggerHandler = (event: never) => unknown;

export interface CustomAuthTriggers {
  defineAuthChallenge: TriggerHandler;
  createAuthChallenge: TriggerHandler;
  verifyAuthChallengeResponse: TriggerHandler;
}

/** Cognito's fixed budget for one trigger invocation, and its attempts. */
const TRIGGER_TIMEOUT_MS = 5_000;
const TRIGGER_ATTEMPTS = 3;

const TRIGGER_FILES: Record<keyof CustomAuthTriggers, string> = {
  defineAuthChallenge: 'define-auth-challenge',
  createAuthChallenge: 'create-auth-challenge',
  verifyAuthChallengeResponse: 'verify-auth-challenge',
};

/**
 * The project's real triggers (lambdas/triggers/*.ts), imported on first use so that a stand-in
 * used only for admin calls never loads them. They read their env at import: set it first.
 */
export function projectTriggers(): CustomAuthTriggers {
  const cache = new Map<string, Promise<TriggerHandler>>();
  const load = (key: keyof CustomAuthTriggers): Promise<TriggerHandler> => {
    let pending = cache.get(key);
    if (!pending) {
      const url = new URL(`../../lambdas/triggers/${TRIGGER_FILES[key]}.ts`, import.meta.url).href;
      pending = (import(url) as Promise<{ handler?: TriggerHandler }>).then((module) => {
        if (typeof module.handler !== 'function') throw new Error(`${url} exports no handler`);
        return module.handler;
      });
      cache.set(key, pending);
    }
    return pending;
  };
  const lazy =
    (key: keyof CustomAuthTriggers): TriggerHandler =>
    async (event: never) =>
      (await load(key))(event);
  return {
    defineAuthChallenge: lazy('defineAuthChallenge'),
    createAuthChallenge: lazy('createAuthChallenge'),
    verifyAuthChallengeResponse: lazy('verifyAuthChallengeResponse'),
  };
}

const TIMED_OUT = Symbol('timed out');

/** Lambda's errorMessage for a thrown value. */
const lambdaErrorMessage = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : typeof error === 'string'
      ? error
      : JSON.stringify(error);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Runs one trigger with Cognito's retry and error mapping and returns the `response` object it
 * filled in. Each attempt gets its own copy of the event, as each Lambda invocation would.
 */
export async function invokeTrigger(
  name: TriggerName,
  handler: TriggerHandler,
  event: Record<string, unknown>,
  timeoutMs: number = TRIGGER_TIMEOUT_MS,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; attempt <= TRIGGER_ATTEMPTS; attempt++) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    let output: unknown;
    const started = performance.now();
    try {
      output = await Promise.race([
        Promise.resolve().then(() => handler(structuredClone(event) as never)),
        timeout,
      ]);
    } catch (error) {
      throw new CognitoServiceError(
        'UserLambdaValidationException',
        `${name} failed with error ${lambdaErrorMessage(error)}.`,
      );
    } finally {
      clearTimeout(timer);
      countLambdaInvocation(performance.now() - started);
    }
    if (output === TIMED_OUT) continue;
    if (!isRecord(output) || !isRecord(output.response)) {
      throw new CognitoServiceError(
        'InvalidLambdaResponseException',
        COGNITO_MESSAGES.unrecognizableLambdaOutput,
      );
    }
    return output.response;
  }
  throw new CognitoServiceError(
    'UnexpectedLambdaException',
    `${name} invocation failed due to error Socket timeout while invoking Lambda function.`,
  );
}

/** Throws InvalidLambdaResponseException unless `ok`. */
export function expectOutput(ok: boolean): void {
  if (!ok)
    throw new CognitoServiceError(
      'InvalidLambdaResponseException',
      COGNITO_MESSAGES.unrecognizableLambdaOutput,
    );
}

/** True for a string -> string map (or null/undefined, which Cognito treats as empty). */
export const isStringMapOrNull = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (isRecord(value) && Object.values(value).every((v) => typeof v === 'string'));
