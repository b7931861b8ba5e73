/**
 * One `npm start` per data directory: a pid lock file, with stale-lock detection (the pid is gone)
 * and clean-up of a DynamoDB Local left behind by a start that was killed outright.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

export interface LockInfo {
  pid: number;
  url?: string;
  dynamoPid?: number;
  startedAt: string;
}

/** True when a process with this pid exists (EPERM: it exists but is not ours). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return Number.isInteger(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** The lock's owner when it is still running, else undefined. */
export function runningOwner(file: string): LockInfo | undefined {
  const info = readLock(file);
  return info && info.pid !== process.pid && isAlive(info.pid) ? info : undefined;
}

/** True when `pid` is a DynamoDB Local JVM (Linux /proc; elsewhere we do not guess). */
function isDynamoLocal(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal');
  } catch {
    return false;
  }
}

export type AcquireResult = { acquired: true } | { acquired: false; owner: LockInfo };

/**
 * Takes the lock for this process. A stale lock is removed, and the DynamoDB Local it recorded is
 * stopped if that JVM is still running (its owner was killed with SIGKILL).
 */
export function acquireLock(file: string): AcquireResult {
  const owner = runningOwner(file);
  if (owner) return { acquired: false, owner };
  const stale = readLock(file);
  if (stale?.dynamoPid && isAlive(stale.dynamoPid) && isDynamoLocal(stale.dynamoPid)) {
    process.kill(stale.dynamoPid, 'SIGTERM');
  }
  rmSync(file, { force: true });
  try {
    writeFileSync(
      file,
      JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() } satisfies LockInfo),
      {
        flag: 'wx',
      },
    );
  } catch (error) {
    // Another start took it between our check and our write.
    const winner = readLock(file);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && winner)
      return { acquired: false, owner: winner };
    throw error;
  }
  return { acquired: true };
}

/** Adds what later starts need to know (URL, the JVM's pid). */
export function updateLock(file: string, extra: Partial<LockInfo>): void {
  const info = readLock(file);
  if (info?.pid === process.pid) writeFileSync(file, JSON.stringify({ ...info, ...extra }));
}

/** Removes the lock if this process holds it. */
export function releaseLock(file: string): void {
  if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
}
