/**
 * Abuse round 3 on the local stack (Cognito stand-in with the real triggers, the HTTP API emulation
 * over the real handlers): the proof of work in front of every code and how it rises with the
 * deployment's sends, what otp/start and Cognito's public client tell about numbers, grants left
 * behind, staff password guessing, and CSV cells a spreadsheet would split or evaluate. Each test
 * is an attack that worked before its fix; the figures go to the `npm test` security summary.
 */
process.env.SMS_HOURLY_CAP = '20';

import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newChallenge } from '../../lambdas/domain/proof-of-work';
import {
  CLIENT_CODES_PER_NUMBER_PER_HOUR,
  CLIENT_LOOKUPS_PER_HOUR,
  SMS_LIMIT_PER_HOUR,
} from '@shared/constants';
import type { Slice } from '@shared/types';
import { putCustomerOnce } from '../../lambdas/repositories/customers';
import { MESSAGES } from '@shared/messages';
import {
  clientAddress,
  startHarness,
  STAFF_PASSWORDS,
  writeSummary,
  type Harness,
  type Sent,
  AttackTally,
  answerVisitorChallenge,
  initiateVisitorAuth,
  intlOf,
  signInKeyOf,
  type CognitoAnswer,
  TICKET_HOLDER,
} from './support';

const HOURLY_CAP = 20;

let harness: Harness;
let admin = '';
const tally = new AttackTally();
const figures: string[] = [];

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  // One prize a spreadsheet would split in a semicolon locale: every win is this one.
  const prize = await harness.send({
    method: 'POST',
    url: '/api/slices',
    token: admin,
    body: { name: 'x;=1+2' },
  });
  if (prize.status !== 201) throw new Error(`no prize: ${prize.text}`);
}, 60_000);

afterAll(async () => {
  writeSummary('oracles', {
    label: 'attacks tried',
    count: tally.attacks,
    dataChanges: tally.breaches,
    detail: figures.join('; '),
  });
  await harness?.stop();
});

// A test that moves the stand-in's clock has it back at the real time after it, pass or fail.
afterEach(() => {
  harness.setClockOffset(0);
});

const attack = (stopped: boolean): void => tally.attack(stopped);

type Answer = CognitoAnswer;
type Altcha = { challenge: Challenge; solution: unknown };

const smsTo = (intl: string) => harness.outbox.messages.filter((m) => m.phoneNumber === intl);
const usersOf = (intl: string) =>
  harness.cognito
    .call('AdminGetUser', { UserPoolId: harness.cognito.pools.visitor.poolId, Username: intl })
    .then(
      () => 1,
      () => 0,
    );

const startWith = (local: string, altcha: unknown, from?: string): Promise<Sent> =>
  harness.send({
    method: 'POST',
    url: '/api/otp/start',
    body: altcha === undefined ? { phoneNumber: local } : { phoneNumber: local, altcha },
    ...(from ? { from } : {}),
  });

const initiate = (intl: string): Promise<Answer> => initiateVisitorAuth(harness, intl);

const respond = (challenge: Answer, answer: string): Promise<Answer> =>
  answerVisitorChallenge(harness, challenge, answer);

/** What Cognito answered, as type and shape only: what an attacker can compare. */
const outcome = (call: Promise<Answer>): Promise<string> =>
  call.then(
    (answer) =>
      `${String(answer.ChallengeName)} ${Object.keys(answer.ChallengeParameters as object)
        .sort()
        .join(',')} ${
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(
          (answer.ChallengeParameters as Record<string, string>).USERNAME ?? '',
        )
          ? 'uuid'
          : 'name'
      }${answer.AuthenticationResult ? ' tokens' : ''}`,
    (error: { type: string; message: string }) => `${error.type}: ${error.message}`,
  );

const solvedPreview = async (): Promise<Altcha> => {
  const challenge = (await harness.send({ method: 'GET', url: '/api/spins/challenge' }))
    .json as Challenge;
  return { challenge, solution: (await solveChallenge({ challenge, deriveKey }))! };
};

/** A winner: verified and spun from a client of its own. */
async function winner(local: string): Promise<string> {
  const token = await harness.visitorToken(local);
  const spin = await harness.send({ method: 'POST', url: '/api/spins', token, body: {} });
  if (spin.status !== 200) throw new Error(`no win: ${spin.text}`);
  return token;
}

describe('the challenge in front of every code', () => {
  it('refuses otp/start without a solved challenge, with a preview challenge, a reused, an expired or a forged one', async () => {
    const local = '0440000001';
    const intl = intlOf(local);
    const expired = await newChallenge('otp', Date.now() - 20 * 60_000);
    const once = await harness.otpAltcha();
    expect((await startWith('0440000002', once)).status).toBe(202);
    const forged = await harness.otpAltcha();
    const tries: [string, unknown][] = [
      ['no challenge', undefined],
      ['a preview challenge', await solvedPreview()],
      ['a used challenge', once],
      [
        'an expired challenge',
        { challenge: expired, solution: await solveChallenge({ challenge: expired, deriveKey }) },
      ],
      [
        'a changed work factor',
        {
          ...forged,
          challenge: {
            ...forged.challenge,
            parameters: { ...forged.challenge.parameters, data: { work: 8 } },
          },
        },
      ],
      [
        'an unsolved challenge',
        { challenge: forged.challenge, solution: { counter: 1, derivedKey: '00' } },
      ],
    ];
    for (const [what, altcha] of tries) {
      const answer = await startWith(local, altcha);
      attack(answer.status === 400);
      expect(answer.status, what).toBe(400);
    }
    await initiate(intl);
    expect([smsTo(intl).length, await usersOf(intl)]).toEqual([0, 0]);
    figures.push(`otp/start without a fresh solved challenge: ${tries.length} tries -> 0 codes`);
  });

  it('refuses an otp challenge for a spin-first preview (bound to its purpose)', async () => {
    const game = await harness.send({
      method: 'PUT',
      url: '/api/settings/game',
      token: admin,
      body: { itemBackgroundColors: [], spinMode: 'spin-first' },
    });
    expect(game.status).toBe(200);
    const answer = await harness.send({
      method: 'POST',
      url: '/api/spins/preview',
      body: { altcha: await harness.otpAltcha(), holder: TICKET_HOLDER },
    });
    attack(answer.status === 400);
    expect(answer.json).toMatchObject({ code: 'CHALLENGE_INVALID' });
    // A preview challenge still buys a preview.
    expect(
      (
        await harness.send({
          method: 'POST',
          url: '/api/spins/preview',
          body: { altcha: await solvedPreview(), holder: TICKET_HOLDER },
        })
      ).status,
    ).toBe(200);
    await harness.send({
      method: 'PUT',
      url: '/api/settings/game',
      token: admin,
      body: { itemBackgroundColors: [], spinMode: 'verify-first' },
    });
  });
});

describe('no oracle', () => {
  it('tells one client whether a number won no more often than its lookup budget', async () => {
    const won = '0441000001';
    await winner(won);
    const attacker = clientAddress(41_001);
    const calls = 2 * CLIENT_LOOKUPS_PER_HOUR;
    let telling = 0;
    for (let i = 0; i < calls; i++) {
      const answer = await startWith(won, await harness.otpAltcha(attacker), attacker);
      if (answer.status === 409) telling++;
      else expect(answer.json).toMatchObject({ code: 'CLIENT_LOOKUP_LIMIT' });
    }
    // Past the budget a number that never won gets the very same answer.
    const other = await startWith('0441000002', await harness.otpAltcha(attacker), attacker);
    expect(other.json).toMatchObject({ code: 'CLIENT_LOOKUP_LIMIT' });
    attack(telling <= CLIENT_LOOKUPS_PER_HOUR);
    expect(telling).toBe(CLIENT_LOOKUPS_PER_HOUR);
    figures.push(`oracle: ${calls} calls for a winner -> at most ${telling} answers that tell`);
    // The winner's own page still gets the required message.
    expect(
      (await startWith(won, await harness.otpAltcha(clientAddress(41_002)), clientAddress(41_002)))
        .json,
    ).toMatchObject({ code: 'ALREADY_HAS_REWARD', message: MESSAGES.alreadyHasReward });
  });
});

describe('a prize nobody can lose', () => {
  const recoverWith = (local: string, altcha: unknown, from: string): Promise<Sent> =>
    harness.send({
      method: 'POST',
      url: '/api/otp/start',
      body: { phoneNumber: local, altcha, recover: true },
      from,
    });
  /** What an attacker can compare of an answer: its status and the shape of its body. */
  const shape = (answer: Sent) =>
    `${answer.status} ${Object.keys(answer.json as object)
      .sort()
      .join(',')}`;

  it('lets a winner verify the number again, answering a winner and a number that never won alike, within the budgets', async () => {
    const won = '0441000011';
    // A winner of last week, whose page is lost (another browser, its data cleared).
    const [slice] = (await harness.send({ method: 'GET', url: '/api/slices', token: admin }))
      .json as Slice[];
    const wonAt = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
    await putCustomerOnce(
      {
        phoneNumber: intlOf(won),
        localNumber: won,
        offer: slice!.name,
        condition: slice!.comment,
        sliceId: slice!.id,
        isOfferClaimed: false,
        createdAt: wonAt,
      },
      slice!,
      { ticketSpin: false },
    );
    const other = clientAddress(41_011);
    expect((await startWith(won, await harness.otpAltcha(other), other)).json).toMatchObject({
      code: 'ALREADY_HAS_REWARD',
    });
    // No challenge, or a used one: refused like any otp/start.
    const used = await harness.otpAltcha(other);
    expect((await recoverWith('0441000012', used, other)).status).toBe(202);
    for (const altcha of [undefined, used]) {
      const refused = await recoverWith(won, altcha, other);
      attack(refused.status === 400);
      expect(refused.status).toBe(400);
    }

    // A winner and a number that never won get the same answer.
    const forWinner = await recoverWith(won, await harness.otpAltcha(other), other);
    const forNever = await recoverWith('0441000013', await harness.otpAltcha(other), other);
    attack(shape(forWinner) === shape(forNever));
    expect(shape(forWinner)).toBe(shape(forNever));
    expect(shape(forWinner)).toBe('202 signInKey');

    // Within the number's budgets: one client asks it for 3 codes an hour, whatever it says.
    let granted = 0;
    let newest = forWinner;
    const burner = clientAddress(41_012);
    for (let i = 0; i < 2 * CLIENT_CODES_PER_NUMBER_PER_HOUR; i++) {
      const answer = await recoverWith(won, await harness.otpAltcha(burner), burner);
      if (answer.status === 202) {
        granted++;
        newest = answer;
      } else expect(answer.status).toBe(429);
    }
    attack(granted <= CLIENT_CODES_PER_NUMBER_PER_HOUR);
    expect(granted).toBe(CLIENT_CODES_PER_NUMBER_PER_HOUR);

    // The code proves the number: then, and only then, the page gets the prize. (The grant keeps
    // the newest otp/starts' keys, the oldest giving way: the key of the last one granted signs in.)
    expect(smsTo(intlOf(won))).toHaveLength(0);
    const challenge = await initiate(intlOf(won));
    expect(smsTo(intlOf(won))).toHaveLength(1);
    const done = await answerVisitorChallenge(
      harness,
      challenge,
      harness.outbox.latestCode(intlOf(won)) ?? '',
      signInKeyOf(newest),
    );
    const token = (done.AuthenticationResult as { IdToken: string }).IdToken;
    const mine = await harness.send({ method: 'GET', url: '/api/spins/mine', token });
    expect(mine.json).toMatchObject({ offer: slice!.name, localNumber: won, wonAt });
    expect(smsTo(intlOf(won)).length).toBeLessThanOrEqual(SMS_LIMIT_PER_HOUR);
    figures.push(
      `lost prize: a winner and a number that never won answered alike (${shape(forWinner)}); ${2 * CLIENT_CODES_PER_NUMBER_PER_HOUR} recoveries from one client -> ${granted} codes`,
    );
  });
});

describe("Cognito's public client tells nothing", () => {
  it('answers a number never seen, one with no grant and one that asked just now alike, and texts none of them', async () => {
    const neverSeen = '+61442000001';
    const noGrant = '+61442000002';
    const justAsked = '+61442000003';
    // noGrant: a visitor who signed in once, long enough ago for its grant to be used.
    await harness.visitorToken('0442000002');
    // justAsked: a code sent this minute.
    expect((await harness.startOtp('0442000003', clientAddress(42_003))).status).toBe(202);
    await initiate(justAsked);
    const texts = () => [neverSeen, noGrant, justAsked].map((n) => smsTo(n).length);
    const before = texts();

    const first = await Promise.all(
      [neverSeen, noGrant, justAsked].map((n) => outcome(initiate(n))),
    );
    // Three wrong answers each: the same steps, the same end.
    const wrongThrice = async (intl: string): Promise<string> => {
      let step = await initiate(intl);
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = respond(step, '000000');
        seen.push(await outcome(answer));
        step = await answer.catch(() => step);
      }
      return seen.join(' > ');
    };
    const ends = [];
    for (const n of [neverSeen, noGrant, justAsked]) ends.push(await wrongThrice(n));

    for (const answers of [first, ends]) {
      attack(new Set(answers).size === 1);
      expect(new Set(answers).size, answers.join(' | ')).toBe(1);
    }
    expect(first[0]).toBe('CUSTOM_CHALLENGE USERNAME uuid');
    expect(texts()).toEqual(before);
    figures.push(
      'Cognito InitiateAuth for a number never seen / with no grant / asked just now -> 1 kind of answer, 0 SMS',
    );
  });
});

describe('no leftover grant', () => {
  it('sends no SMS to a winner whose second otp/start reused the code, when a sign-in starts at Cognito 65 s later', async () => {
    const local = '0443000001';
    const intl = intlOf(local);
    const from = clientAddress(43_001);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Two otp/start within the minute: the second sign-in reuses the code already sent.
    expect((await harness.startOtp(local, from)).status).toBe(202);
    await initiate(intl);
    const again = await harness.startOtp(local, from);
    expect(again.status).toBe(202);
    const second = await initiate(intl);
    const done = await answerVisitorChallenge(
      harness,
      second,
      harness.outbox.latestCode(intl)!,
      signInKeyOf(again),
    );
    const token = (done.AuthenticationResult as { IdToken: string }).IdToken;
    expect(
      (await harness.send({ method: 'POST', url: '/api/spins', token, body: {} })).status,
    ).toBe(200);
    const sent = smsTo(intl).length;

    vi.setSystemTime(Date.now() + 65_000);
    const later = await initiate(intl);

    const extra = smsTo(intl).length - sent;
    attack(extra === 0);
    expect(later.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect([sent, extra]).toEqual([1, 0]);
    figures.push(
      `leftover grant: a winner's second otp/start, then InitiateAuth 65 s later -> ${extra} SMS`,
    );
  });
});

describe('work that rises with the threat', () => {
  it('asks x1, x2, x4 and x8 the work as the hourly sends pass 0, 50, 75 and 90 % of the cap', async () => {
    const workNow = async () =>
      ((await harness.otpAltcha()).challenge.parameters.data as { work: number }).work;
    const sentThisHour = () => harness.outbox.messages.length;
    const seen: string[] = [];
    let visitor = 0;
    for (const [share, work] of [
      [0, 1],
      [0.5, 2],
      [0.75, 4],
      [0.9, 8],
    ] as const) {
      while (sentThisHour() < share * HOURLY_CAP) {
        visitor++;
        const local = `04440${String(visitor).padStart(5, '0')}`;
        expect((await harness.startOtp(local, clientAddress(44_000 + visitor))).status).toBe(202);
        await initiate(intlOf(local));
      }
      const asked = await workNow();
      seen.push(`x${asked} at ${sentThisHour()}/${HOURLY_CAP}`);
      attack(asked === work);
      expect(asked, `${sentThisHour()} of ${HOURLY_CAP}`).toBe(work);
    }
    figures.push(`work per code: ${seen.join(', ')}`);
  });

  it('refuses a challenge stocked up cheap, more than one step below the work asked now', async () => {
    // At x8 now: x4 (fetched just before the last step) is taken, x1 and x2 are not.
    const at = async (work: number) => {
      const challenge = await newChallenge('otp', Date.now(), work);
      return { challenge, solution: await solveChallenge({ challenge, deriveKey }) };
    };
    expect((await startWith('0445000002', await at(4), clientAddress(45_002))).status).toBe(202);
    expect((await startWith('0445000003', await at(2), clientAddress(45_003))).status).toBe(400);
    const cheap = await newChallenge('otp', Date.now(), 1);
    const answer = await startWith('0445000001', {
      challenge: cheap,
      solution: await solveChallenge({ challenge: cheap, deriveKey }),
    });
    attack(answer.status === 400);
    expect(answer.json).toMatchObject({ code: 'CHALLENGE_INVALID' });
  });
});

describe('staff password guessing', () => {
  it('locks a staff user after 5 failed passwords: guesses an hour per username, probing every second', async () => {
    const guess = (password: string) =>
      harness.cognito
        .call('AdminInitiateAuth', {
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          UserPoolId: harness.cognito.pools.staff.poolId,
          ClientId: harness.cognito.pools.staff.clientId,
          AuthParameters: { USERNAME: 'admin', PASSWORD: password },
        })
        .then(
          () => 'signed in',
          (error: { message: string }) => error.message,
        );
    let guesses = 0;
    let lockedAnswers = 0;
    for (let second = 0; second < 3600; second++) {
      harness.setClockOffset(second * 1000);
      const answer = await guess(`wrong-${second}`);
      if (answer === 'Password attempts exceeded') lockedAnswers++;
      else guesses++;
    }
    // While locked, even the right password is refused (the page shows "Login failed").
    expect(await guess(STAFF_PASSWORDS.admin)).toBe('Password attempts exceeded');
    attack(guesses < 100);
    expect(lockedAnswers).toBeGreaterThan(3000);
    figures.push(`staff: 3600 password guesses in an hour at one username -> ${guesses} checked`);
    // 15 quiet minutes later the owner signs in again.
    harness.setClockOffset(3600_000 + 15 * 60_000);
    expect(await guess(STAFF_PASSWORDS.admin)).toBe('signed in');
  });
});

describe('CSV cells', () => {
  it('exports a prize named x;=1+2 quoted and neutralised', async () => {
    await winner('0446000001');
    const page = await harness.send({ method: 'GET', url: '/api/customers/export', token: admin });
    const csv = (page.json as { data: { csv: string } }).data.csv;
    const line = csv.split('\r\n').find((l) => l.includes(',0446 000 001,'))!;
    // A semicolon reader splits the line where it finds ;. No piece (the phone numbers included)
    // may start as a formula.
    const pieces = line.split(/[;\t]/);
    const evaluated = pieces.filter((p) => /^[ "]*[=+\-@]/.test(p));
    attack(evaluated.length === 0);
    expect(evaluated).toEqual([]);
    expect(line).toContain(`"x;'=1+2"`);
    figures.push(`CSV: a prize named x;=1+2 in a ; locale -> ${evaluated.length} formula cells`);
  });
});
