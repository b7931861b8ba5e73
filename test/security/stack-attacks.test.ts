/**
 * Abuse round 5 against the whole local stack as `npm start` runs it (one HTTP origin, DynamoDB
 * Local on disk, the Cognito stand-in with the real triggers), each visitor or attacker calling
 * from a loopback address of its own (127.0.0.0/8 is all loopback: http.request's localAddress):
 * what the time of Cognito's answer tells about a number, and whether the counter can sign in while
 * someone elsewhere keeps guessing its password. The clock the handlers and the stand-in read is
 * moved (Date only), never waited for. Each test is an attack that worked before its fix; the
 * figures go to the `npm test` security summary.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type RunningStack } from '../../local/stack';
import { AttackTally, writeSummary } from './support';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

let stack: RunningStack;
let dataDir = '';
const tally = new AttackTally();
const figures: string[] = [];

beforeAll(async () => {
  mkdirSync(join(ROOT, '.local'), { recursive: true });
  dataDir = mkdtempSync(join(ROOT, '.local', 'security-'));
  stack = await startStack({ dataDir, port: 0, web: 'none', log: () => undefined, quiet: true });
}, 90_000);

afterAll(async () => {
  vi.useRealTimers();
  writeSummary('stack-attacks', {
    label: 'attacks tried',
    count: tally.attacks,
    dataChanges: tally.breaches,
    detail: figures.join('; '),
  });
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** A request to the stack from the loopback address `from`, as one more client of it. */
function call(
  from: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const sent = request(
      new URL(path, stack.url),
      {
        method,
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // not JSON: the status says enough
          }
          done({ status: response.statusCode ?? 0, json });
        });
      },
    );
    sent.on('error', fail);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A call of the Cognito stand-in's JSON protocol, as the browser makes it. */
const cognito = (from: string, operation: string, body: unknown): Promise<Answer> =>
  call(from, 'POST', '/cognito', body, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
  });

/** POST /api/otp/start from `from` with a freshly solved challenge, as the wheel page sends it. */
async function startOtp(from: string, phoneNumber: string): Promise<Answer> {
  const issued = await call(from, 'GET', '/api/otp/challenge');
  const challenge = issued.json as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return call(from, 'POST', '/api/otp/start', { phoneNumber, altcha: { challenge, solution } });
}

/** A visitor sign-in started at the visitor pool's public client (CUSTOM_AUTH). */
const initiateVisitorAuth = (from: string, username: string): Promise<Answer> =>
  cognito(from, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: stack.pools.visitor.clientId,
    AuthParameters: { USERNAME: username },
  });

describe('Cognito tells nothing about which numbers asked for a code', () => {
  /** Numbers of each kind: numbers that asked for a code within the minute, and numbers never seen. */
  const NUMBERS = 20;
  /** Tries per number; the attacker keeps the fastest (the least disturbed by other work). */
  const TRIES = 5;
  const ATTACKER = '127.0.0.9';

  it('answers a number never seen like one that asked for a code within the minute, in time', async () => {
    // Prepare: 20 numbers that asked for a code (each from an address of its own) and 20 never
    // seen. The clock stands still meanwhile, so every code is still the one a new sign-in reuses
    // when the times are taken (as for an attacker asking within the minute).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const number = (block: number, i: number) => `+614330${block}00${String(i).padStart(2, '0')}`;
    const seen = Array.from({ length: NUMBERS }, (_, i) => number(0, i));
    const unseen = Array.from({ length: NUMBERS }, (_, i) => number(1, i));
    for (const [i, intl] of seen.entries()) {
      const from = `127.0.1.${i + 1}`;
      const started = await startOtp(from, `0${intl.slice(3)}`);
      expect(started.status).toBe(202);
      expect((await initiateVisitorAuth(from, intl)).status).toBe(200);
    }

    // Act: the fastest of 5 answers for every number, asked in turns from one address.
    const fastest = new Map<string, number>();
    for (let round = 0; round < TRIES; round++) {
      for (let i = 0; i < NUMBERS; i++) {
        for (const intl of [seen[i]!, unseen[i]!]) {
          const start = performance.now();
          await initiateVisitorAuth(ATTACKER, intl);
          const ms = performance.now() - start;
          fastest.set(intl, Math.min(fastest.get(intl) ?? Infinity, ms));
        }
      }
    }
    vi.useRealTimers();
    // The best an attacker can do with a threshold: every cut, either way round.
    const times = [...fastest.entries()].map(([intl, ms]) => ({ ms, seen: seen.includes(intl) }));
    let best = 0;
    for (const cut of times.map((t) => t.ms)) {
      const slowIsSeen = times.filter((t) => t.ms >= cut === t.seen).length;
      best = Math.max(best, slowIsSeen, times.length - slowIsSeen);
    }
    const median = (kind: boolean) => {
      const sorted = times
        .filter((t) => t.seen === kind)
        .map((t) => t.ms)
        .sort((a, b) => a - b);
      return sorted[sorted.length >> 1]!.toFixed(1);
    };

    // Assert: on times with nothing to tell, the best threshold sorts 25 of 40 (the median; 20 is
    // a coin) and more than 32 one time in a thousand.
    tally.attack(best <= 32);
    figures.push(
      `timing: the best threshold on the fastest of ${TRIES} answers sorts ${best} of ${times.length} numbers into asked-within-the-minute and never seen (20 is a coin, 25 the median on noise; before: 40 of 40), medians ${median(true)} ms and ${median(false)} ms`,
    );
    expect(best).toBeLessThanOrEqual(32);
  });
});

describe('the counter signs in during a guessing attack', () => {
  /** The shop's Wi-Fi, which the admin trusts, and the guesser's five addresses elsewhere. */
  const SHOP = '127.0.0.2';
  const GUESSERS = ['127.0.0.21', '127.0.0.22', '127.0.0.23', '127.0.0.24', '127.0.0.25'];
  const SECONDS = 120;
  /** The operator signs in every this many seconds of the attack. */
  const EVERY = 10;

  /**
   * A staff sign-in as the login page makes it: POST /api/staff/sign-in (before it existed, the
   * page called Cognito's InitiateAuth with USER_PASSWORD_AUTH itself). The ID token, or undefined.
   */
  async function staffSignIn(from: string, username: string, password: string) {
    const answer = await call(from, 'POST', '/api/staff/sign-in', { username, password });
    if (answer.status !== 404) return answer.json.idToken as string | undefined;
    const direct = await cognito(from, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.pools.staff.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    return (direct.json.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken;
  }

  it('lets the operator on the trusted connection in at the first try while a guesser on 5 addresses tries every second for 2 minutes', async () => {
    // Prepare: the admin trusts the shop's connection, from the shop.
    const admin = await staffSignIn(SHOP, 'admin', stack.passwords.admin!);
    expect(admin).toBeTruthy();
    const trusted = await call(
      SHOP,
      'POST',
      '/api/trusted-connections',
      {},
      {
        authorization: `Bearer ${admin}`,
      },
    );
    expect(trusted.status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    // Act: every second the guesser tries a password for the operator from the next of its five
    // addresses, through the API and straight at Cognito's staff client; every 10 seconds the
    // operator signs in at the shop.
    let guesses = 0;
    let checked = 0;
    let tries = 0;
    let signedIn = 0;
    for (let second = 0; second < SECONDS; second++) {
      {
        const from = GUESSERS[second % GUESSERS.length]!;
        const password = `guess-${second}`;
        const viaApi = await call(from, 'POST', '/api/staff/sign-in', {
          username: 'operator',
          password,
        });
        const direct = await cognito(from, 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.pools.staff.clientId,
          AuthParameters: { USERNAME: 'operator', PASSWORD: password },
        });
        guesses += 2;
        // A password Cognito compared: a 401 from the API, "Incorrect username or password" from it.
        if (viaApi.status === 401) checked++;
        if (direct.json.message === 'Incorrect username or password.') checked++;
      }
      if (second % EVERY === EVERY - 1) {
        tries++;
        if (await staffSignIn(SHOP, 'operator', stack.passwords.operator!)) signedIn++;
      }
      vi.advanceTimersByTime(1000);
    }
    vi.useRealTimers();

    // Assert
    tally.attack(signedIn === tries);
    figures.push(
      `staff sign-in: the operator on the trusted connection signed in ${signedIn} of ${tries} times at the first try while a guesser on 5 addresses tried every second for ${SECONDS} s (before: 0 of ${tries}); ${checked} of ${guesses} guesses reached Cognito's password check`,
    );
    expect(signedIn).toBe(tries);
  }, 120_000);
});
