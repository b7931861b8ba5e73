/**
 * `npm test`: typecheck, lint, format check, unit/handler/React tests, then the browser suite,
 * in that order. The five static checks run two at a time (one per core), each one's output
 * printed whole when it ends; the unit tests stream as they come; the browser suite runs in two
 * lanes at once, each against its own stack (test/e2e/lanes.ts), each lane's output printed whole
 * when it ends. The first failing stage stops the run. The summary gives each step's duration and ends with one line
 * `tests: N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_BUILT } from './e2e/lanes';

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
  /** Variables the step's process gets besides ours. */
  env?: Record<string, string>;
}

/** Steps that run beside each other, at most `atOnce` at a time; `held` output is printed whole. */
interface Stage {
  steps: Step[];
  atOnce: number;
  held: boolean;
}

const vitestReport = (file: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];
const unitReport = join(RESULTS, 'vitest-unit.json');
const laneReport = (lane: string) => join(RESULTS, `vitest-e2e-${lane}.json`);
const LANES = ['1', '2'] as const;
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

/** The machine's two cores: the static checks two at a time, the browser lanes side by side. */
const STAGES: Stage[] = [
  {
    // Browser code, Node code, and the Node programs that drive a DOM: each with its own types.
    steps: [
      ...['web', 'node', 'dom-test'].map((program) => ({
        name: `typecheck (${program})`,
        command: join(BIN, 'tsc'),
        args: ['-p', `tsconfig.${program}.json`],
      })),
      { name: 'lint (eslint)', command: join(BIN, 'eslint'), args: ['.'] },
      { name: 'format (prettier)', command: join(BIN, 'prettier'), args: ['--check', '.'] },
    ],
    atOnce: 2,
    held: true,
  },
  {
    steps: [
      {
        name: 'unit, handler and web tests',
        command: join(BIN, 'vitest'),
        args: ['run', ...vitestReport(unitReport)],
        report: unitReport,
      },
    ],
    atOnce: 1,
    held: false,
  },
  {
    // Built once as production serves it (NODE_ENV would otherwise be Vitest's `test`).
    steps: [
      {
        name: 'site build (vite)',
        command: join(BIN, 'vite'),
        args: ['build', '--logLevel', 'warn'],
        env: { NODE_ENV: 'production' },
      },
    ],
    atOnce: 1,
    held: false,
  },
  {
    steps: LANES.map((lane) => ({
      name: `browser and stack tests (lane ${lane})`,
      command: join(BIN, 'vitest'),
      args: ['run', '--config', 'vitest.e2e.config.ts', ...vitestReport(laneReport(lane))],
      report: laneReport(lane),
      env: { SPIN_E2E_LANE: lane, [SITE_BUILT]: 'true' },
    })),
    atOnce: LANES.length,
    held: true,
  },
];
const STEPS = STAGES.flatMap((stage) => stage.steps);
const REPORTS = STEPS.flatMap((step) => (step.report ? [step.report] : []));

/** Runs a step; a held step's output is printed whole when it ends. */
function run(step: Step, held: boolean): Promise<number> {
  return new Promise((done) => {
    const output: Buffer[] = [];
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // The SDK warns on every worker that Node 20 loses support in 2027; the README says Node 20.19+.
      env: {
        ...process.env,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...step.env,
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (code: number) => {
      if (held) {
        console.log(`\n=== ${step.name} ===`);
        process.stdout.write(Buffer.concat(output));
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

/** Runs a stage's steps at most `atOnce` at a time, in order, recording each one's exit code. */
async function runStage(
  stage: Stage,
  record: (step: Step, code: number, seconds: number) => void,
): Promise<void> {
  const queue = [...stage.steps];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      if (!stage.held) console.log(`\n=== ${step.name} ===`);
      const started = performance.now();
      const code = await run(step, stage.held);
      record(step, code, (performance.now() - started) / MS_PER_SECOND);
    }
  };
  await Promise.all(Array.from({ length: stage.atOnce }, lane));
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
  for (const file of REPORTS) rmSync(file, { force: true });
  rmSync(SECURITY_RESULTS, { recursive: true, force: true });
  const done: { name: string; seconds: number; ok: boolean }[] = [];
  let exitCode = 0;
  const record = (step: Step, code: number, seconds: number) => {
    done.push({ name: step.name, seconds, ok: code === 0 });
    if (code !== 0 && exitCode === 0) exitCode = code;
  };
  for (const stage of STAGES) {
    if (exitCode !== 0) break;
    await runStage(stage, record);
  }
  let passed = 0;
  let failed = 0;
  for (const report of REPORTS) {
    const c = counts(report);
    passed += c.passed;
    failed += c.failed;
  }
  console.log('\n=== summary ===');
  for (const step of STEPS) {
    const ran = done.find((d) => d.name === step.name);
    console.log(
      ran
        ? `${ran.ok ? 'ok  ' : 'FAIL'} ${ran.name.padEnd(38)} ${ran.seconds.toFixed(1)} s`
        : `skip ${step.name}`,
    );
  }
  for (const line of securityLines()) console.log(line);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exitCode = exitCode;
}

void main();
