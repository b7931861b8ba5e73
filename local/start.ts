/**
 * `npm start`: the whole product on one local URL, data under .local/. Ctrl-C (or SIGTERM) stops
 * everything this started. A second start while one runs says so and exits.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkJava } from './dynamodb';
import { acquireLock, releaseLock, updateLock } from './lock';
import { DEFAULT_PORT, REPO_ROOT, startStack, type RunningStack } from './stack';

const DATA_DIR = join(REPO_ROOT, '.local');
const LOCK_FILE = join(DATA_DIR, 'stack.lock');
const MS_PER_SECOND = 1000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  mkdirSync(DATA_DIR, { recursive: true });
  const lock = acquireLock(LOCK_FILE);
  if (!lock.acquired) {
    console.error(
      `Spin & Win is already running (pid ${lock.owner.pid})${lock.owner.url ? ` at ${lock.owner.url}` : ''}.\n` +
        'Use that one, or stop it first (Ctrl-C in its terminal).',
    );
    process.exitCode = 1;
    return;
  }
  try {
    checkJava();
  } catch (error) {
    releaseLock(LOCK_FILE);
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }

  let stack: RunningStack | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Spin & Win...`);
    await stack?.stop();
    releaseLock(LOCK_FILE);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  console.log('Starting Spin & Win (DynamoDB Local, s3rver, Cognito stand-in, API, web)...');
  try {
    stack = await startStack({
      dataDir: DATA_DIR,
      port: Number(process.env.PORT ?? DEFAULT_PORT),
      web: 'dev',
    });
  } catch (error) {
    releaseLock(LOCK_FILE);
    console.error(`Could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  if (stopping) return;
  updateLock(LOCK_FILE, { url: stack.url, dynamoPid: stack.dynamoPid });
  const seconds = ((performance.now() - startedAt) / MS_PER_SECOND).toFixed(1);
  console.log(`\n  Spin & Win is running at ${stack.url}   (ready in ${seconds} s)\n`);
  console.log(`  Wheel:     ${stack.url}/`);
  console.log(`  Staff:     ${stack.url}/login   Admin: ${stack.url}/admin`);
  if (stack.passwordsNotice) console.log(`\n${stack.passwordsNotice}\n`);
  else console.log(`  Staff passwords: ${stack.passwordsFile}`);
  console.log('  SMS codes appear below. Press Ctrl-C to stop.\n');
}

void main();
