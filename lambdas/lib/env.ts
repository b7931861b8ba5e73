/**
 * Configuration from the environment, read where it is used, on each use: a process.env lookup
 * costs nothing, and the local stack and the tests can run handlers in one process with settings
 * of their own. A missing variable fails that request with a logged error, never silently; the
 * CDK assertions (test/infra) check that every function is given what it reads.
 */

/** A required variable. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** An optional whole-number variable, or the fallback. */
export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}
