/**
 * The one way lambdas/ reads its environment (test/lint/env-reads.test.ts refuses process.env
 * anywhere else in lambdas/). Configuration from the environment, read where it is used, on each use: a process.env lookup
 * costs nothing, and the local stack and the tests can run handlers in one process with settings
 * of their own. A missing variable fails that request with a logged error, never silently; the
 * CDK assertions (test/infra) check that every function is given what it reads.
 */
import { BUSINESS_TIME_ZONE_DEFAULT } from '@shared/constants';
import { SERVICE_NAME } from '@shared/definitions';

/** A required variable. */
export function requireEnv(name: string): string {
  const value = optionalEnv(name);
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** An optional variable: undefined when unset or empty. */
export function optionalEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** An optional whole-number variable of at least `min`, or the fallback; anything else throws. */
export function intEnv(name: string, fallback: number, min = 0): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}`);
  }
  return value;
}

/** An optional amount (0 or more), or the fallback; anything else throws. */
export function amountEnv(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be an amount of 0 or more`);
  return value;
}

/** The service every log line and metric names: the stack sets it per function; the product's otherwise. */
export const serviceName = (): string => optionalEnv('POWERTOOLS_SERVICE_NAME') ?? SERVICE_NAME;

/** The deployment's time zone: the business days the insights count by and the CSV's times. */
export const businessTimeZone = (): string =>
  optionalEnv('BUSINESS_TIME_ZONE') ?? BUSINESS_TIME_ZONE_DEFAULT;
