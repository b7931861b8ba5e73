/**
 * `npm test`: typecheck, lint, format check, unit/handler/React tests, then the browser suite,
 * in that order. The five static checks run two at a time (one per core), each one's output
 * printed whole when it ends; the test steps stream as they come. The first failing stage stops
 * the run. The summary gives each step's duration and ends with one line
 * `tests: N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BIN = join(ROOT, 'node_modules', '.bin');
const RESULTS = join(ROOT, 'test-results');
const MS_PER_SECOND = 1000;

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Vitest JSON report this step writes, for the test counts. */
  report?: string;
  /** Static checks: run beside each other, their output held until each ends. */
  together?: boolean;
}

/** Steps run at once within a stage of `together` steps: the machine's two cores. */
const AT_ONCE = 2;

const vitestReport = (file: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];
const unitReport = join(RESULTS, 'vitest-unit.json');
const e2eReport = join(RESULTS, 'vitest-e2e.json');
/** Counts the security suite (test/security) writes, one JSON file per area. */
const SECURITY_RESULTS = join(RESULTS, 'security');
const SECURITY_AREAS: Record<string, string> = {
  permissions: 'permissions',
  'bad-input': 'bad input',
  races: 'races',
  faults: 'faults',
  abuse: 'abuse',
  attacks: 'attacks',
  oracles: 'oracles and lockouts',
  ownership: 'sessions, codes and caps',
  caps: 'the day and the /48',
  owners: "owners' codes, tickets and lookups",
  'local-stack': 'local stack',
  leaks: 'self-service calls, usernames and CSV',
  'stack-attacks': 'timing and staff sign-in on the whole stack',
  'headers-logs': 'headers/logs',
};

const STEPS: Step[] = [
  // Browser code, Node code, and the Node programs that drive a DOM: each with its own types.
  ...['web', 'node', 'dom-test'].map((program) => ({
    name: `typecheck (${program})`,
    command: join(BIN, 'tsc'),
    args: ['-p', `tsconfig.${program}.json`],
    together: true,
  })),
  { name: 'lint (eslint)', command: join(BIN, 'eslint'), args: ['.'], together: true },
  {
    name: 'format (prettier)',
    command: join(BIN, 'prettier'),
    args: ['--check', '.'],
    together: true,
  },
  {
    name: 'unit, handler and web tests',
    command: join(BIN, 'vitest'),
    args: ['run', ...vitestReport(unitReport)],
    report: unitReport,
  },
  {
    name: 'browser and stack tests',
    command: join(BIN, 'vitest'),
    args: ['run', '--config', 'vitest.e2e.config.ts', ...vitestReport(e2eReport)],
    report: e2eReport,
  },
];

/** Runs a step; a `together` step's output is held and printed whole when it ends. */
function run(step: Step): Promise<number> {
  return new Promise((done) => {
    const held: Buffer[] = [];
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: step.together ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // The SDK warns on every worker that Node 20 loses support in 2027; the README says Node 20.19+.
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    const finish = (code: number) => {
      if (step.together) {
        console.log(`\n=== ${step.name} ===`);
        process.stdout.write(Buffer.concat(held));
      }
      done(code);
    };
    child.once('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      finish(1);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** Runs steps at most AT_ONCE at a time, in order; resolves with each one's exit code. */
async function runTogether(
  steps: Step[],
  record: (step: Step, code: number, seconds: number) => void,
): Promise<void> {
  const queue = [...steps];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const started = performance.now();
      const code = await run(step);
      record(step, code, (performance.now() - started) / MS_PER_SECOND);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
}

/** One line per security area, e.g. `security: bad input — 10240 requests tried, 0 data changes found`. */
function securityLines(): string[] {
  if (!existsSync(SECURITY_RESULTS)) return [];
  return readdirSync(SECURITY_RESULTS)
    .filter((file) => file.endsWith('.json'))
    .sort((a, b) => areaOrder(a) - areaOrder(b))
    .map((file) => {
      const area = file.replace(/\.json$/, '');
      const r = JSON.parse(readFileSync(join(SECURITY_RESULTS, file), 'utf8')) as {
        label: string;
        count: number;
        dataChanges: number;
        detail?: string;
      };
      const detail = r.detail ? ` (${r.detail})` : '';
      return `security: ${SECURITY_AREAS[area] ?? area} — ${r.count} ${r.label}${detail}, ${r.dataChanges} data changes found`;
    });
}

const areaOrder = (file: string): number => {
  const index = Object.keys(SECURITY_AREAS).indexOf(file.replace(/\.json$/, ''));
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
};

function counts(report: string): { passed: number; failed: number } {
  if (!existsSync(report)) return { passed: 0, failed: 0 };
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests?: number;
    numFailedTests?: number;
  };
  return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 };
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  for (const file of [unitReport, e2eReport]) rmSync(file, { force: true });
  rmSync(SECURITY_RESULTS, { recursive: true, force: true });
  const done: { name: string; seconds: number; ok: boolean }[] = [];
  let exitCode = 0;
  const record = (step: Step, code: number, seconds: number) => {
    done.push({ name: step.name, seconds, ok: code === 0 });
    if (code !== 0 && exitCode === 0) exitCode = code;
  };
  for (let at = 0; at < STEPS.length && exitCode === 0;) {
    const step = STEPS[at]!;
    if (step.together) {
      const stage: Step[] = [];
      while (STEPS[at]?.together) stage.push(STEPS[at++]!);
      await runTogether(stage, record);
      continue;
    }
    at += 1;
    console.log(`\n=== ${step.name} ===`);
    const started = performance.now();
    record(step, await run(step), (performance.now() - started) / MS_PER_SECOND);
  }
  let passed = 0;
  let failed = 0;
  for (const report of [unitReport, e2eReport]) {
    const c = counts(report);
    passed += c.passed;
    failed += c.failed;
  }
  console.log('\n=== summary ===');
  for (const step of STEPS) {
    const ran = done.find((d) => d.name === step.name);
    console.log(
      ran
        ? `${ran.ok ? 'ok  ' : 'FAIL'} ${ran.name.padEnd(28)} ${ran.seconds.toFixed(1)} s`
        : `skip ${step.name}`,
    );
  }
  for (const line of securityLines()) console.log(line);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exitCode = exitCode;
}

void main();
