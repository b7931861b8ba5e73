/**
 * Challenge solve time: how long the proof of work in front of a code takes a phone, at each work
 * factor the deployment's hourly sends can call for (shared/challenge-work.ts). Real challenges
 * (lambdas/domain/proof-of-work.ts) are solved by the app's solver
 * (web/src/features/visitor/lib/solve-challenge.ts) in Chromium emulating a phone with its CPU
 * slowed 4x (CDP Emulation.setCPUThrottlingRate) on the page's thread, which the throttling
 * certainly slows; the dialog's worker (lib/challenge-worker.ts) is timed too, from its start to
 * its answer. The floor is the same solve without throttling, measured in the same run. Target:
 * the normal level within 1 s.
 *
 * `npx tsx bench/challenge-solve.ts` prints the table; bench/run.ts prints its rows.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { CHALLENGE_WORK_STEPS } from '@shared/challenge-work';
import { LOCAL_AWS_ENV } from '../local/dynamodb';
import { startSecretsManager } from '../local/secrets-manager';
import { launchBrowser } from '../test/support/browser';

const ROOT = resolve(import.meta.dirname, '..');
/** Solves per level and throttling; the figure is their median. */
const RUNS = 7;
/** CPU slow-down of a mid-range phone against this machine (Lighthouse's mobile preset). */
export const PHONE_CPU_SLOWDOWN = 4;
/** The normal level's target on that phone. */
export const MAX_NORMAL_SOLVE_MS = 1000;

export interface SolveLevel {
  workFactor: number;
  /** Median and slowest solve on the throttled phone, ms (the solver on the page's thread). */
  phoneMedianMs: number;
  phoneMaxMs: number;
  /** Median solve unthrottled (the floor), ms. */
  floorMedianMs: number;
  /** Median solve in the dialog's worker, throttled as Chromium throttles workers, ms. */
  workerMedianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const SOLVER_DIR = join(ROOT, 'web/src/features/visitor/lib');

/** One classic script bundling `source` (in the solver's folder), its imports inlined. */
async function bundle(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: SOLVER_DIR, loader: 'ts' },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/**
 * The page: `solveInWorker` as the dialog does it; `solve` the same solver on the page's own
 * thread, which CDP's CPU throttling certainly slows (Chromium does not slow workers as much).
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>solve</title>
<script src="/main.js"></script><script>
window.solve = async (challenge) => {
  const started = performance.now();
  const solution = await window.solveHere(challenge);
  return { ms: performance.now() - started, ok: Boolean(solution) };
};
window.solveInWorker = (challenge) => new Promise((done) => {
  const started = performance.now();
  const worker = new Worker('/worker.js');
  worker.onmessage = (event) => {
    worker.terminate();
    done({ ms: performance.now() - started, ok: Boolean(event.data.solution) });
  };
  worker.postMessage(challenge);
});
</script>`;

export async function measureChallengeSolve(): Promise<SolveLevel[]> {
  // The challenges are signed with a key derived from the origin secret, which the functions read
  // from Secrets Manager (lambdas/lib/secrets.ts): the local stand-in holding any value serves here.
  const credentials = {
    accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
    secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
  };
  const secrets = await startSecretsManager({ port: 0, credentials });
  const savedEnv = { ...process.env };
  Object.assign(process.env, LOCAL_AWS_ENV, {
    SECRETS_MANAGER_ENDPOINT: secrets.endpoint,
    ORIGIN_SECRET_ARN: secrets.put('origin-secret', randomBytes(16).toString('hex')),
  });
  const { newChallenge } = await import('../lambdas/domain/proof-of-work');
  const scripts: Record<string, string> = {
    '/worker.js': await bundle(`import './challenge-worker';`),
    '/main.js': await bundle(
      `import { solveChallenge } from './solve-challenge'; (globalThis as any).solveHere = solveChallenge;`,
    ),
  };
  const server = createServer((request, response) => {
    const script = scripts[request.url ?? ''];
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' });
    response.end(script ?? PAGE);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBrowser();
  const levels: SolveLevel[] = [];
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(url);
    type Solver = 'solve' | 'solveInWorker';
    const solveAll = async (workFactor: number, rate: number, how: Solver = 'solve') => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const challenge = await newChallenge('otp', Date.now(), workFactor);
        type Solve = (c: unknown) => Promise<{ ms: number; ok: boolean }>;
        const result = await page.evaluate(
          ([c, name]) => (window as unknown as Record<string, Solve>)[name]!(c),
          [challenge as unknown, how] as const,
        );
        if (!result.ok) throw new Error(`x${workFactor} challenge not solved`);
        times.push(result.ms);
      }
      return times;
    };
    const factors = [...new Set(CHALLENGE_WORK_STEPS.map((s) => s.factor))].sort((a, b) => a - b);
    for (const workFactor of factors) {
      const floor = await solveAll(workFactor, 1);
      const phone = await solveAll(workFactor, PHONE_CPU_SLOWDOWN);
      const worker = await solveAll(workFactor, PHONE_CPU_SLOWDOWN, 'solveInWorker');
      levels.push({
        workFactor,
        phoneMedianMs: median(phone),
        phoneMaxMs: Math.max(...phone),
        floorMedianMs: median(floor),
        workerMedianMs: median(worker),
      });
    }
  } finally {
    await browser.close();
    server.close();
    await secrets.stop();
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
  return levels;
}

/** When the deployment asks for each factor, in words. */
export const levelWhen = (workFactor: number): string => {
  const step = CHALLENGE_WORK_STEPS.find((s) => s.factor === workFactor);
  return step && step.share > 0 ? `from ${step.share * 100} % of the hourly cap` : 'normal';
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const levels = await measureChallengeSolve();
  console.log(
    `| work | when | phone (CPU / ${PHONE_CPU_SLOWDOWN}) median | slowest | floor (unthrottled) median | in the worker, throttled |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const l of levels)
    console.log(
      `| x${l.workFactor} | ${levelWhen(l.workFactor)} | ${l.phoneMedianMs.toFixed(0)} ms | ${l.phoneMaxMs.toFixed(0)} ms | ${l.floorMedianMs.toFixed(0)} ms | ${l.workerMedianMs.toFixed(0)} ms |`,
    );
  const normal = levels.find((l) => l.workFactor === 1)!;
  console.log(
    `normal level on the phone: ${normal.phoneMedianMs.toFixed(0)} ms (target <= ${MAX_NORMAL_SOLVE_MS} ms): ${normal.phoneMedianMs <= MAX_NORMAL_SOLVE_MS ? 'PASS' : 'FAIL'}`,
  );
}
