/**
 * Abuse round 4 on the local stack (Cognito stand-in with the real triggers, the HTTP API emulation
 * over the real handlers): what a kept refresh token can still do after a password change, whether
 * Cognito's answers and timings tell which numbers asked for a code, whether strangers can spoil a
 * visitor's code, and what self-service calls, unverified numbers, spin-first tickets and page
 * loads can be made to cost. Each test is an attack that worked before its fix; the figures go to
 * the `npm test` security summary.
 */
process.env.SMS_HOURLY_CAP = '200';

import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_CODES_PER_NUMBER_PER_HOUR, SMS_LIMIT_PER_HOUR } from '@shared/constants';
import { businessDay } from '@shared/business-day';
import { businessTimeZone } from '../../lambdas/lib/env';
import { readStats } from '../../lambdas/repositories/stats';
import {
  answerVisitorChallenge,
  clientAddress,
  initiateVisitorAuth,
  intlOf,
  signInKeyOf,
  securityArea,
  STAFF_PASSWORDS,
  type Harness,
  type CognitoAnswer,
  TICKET_HOLDER,
  TICKET_SECRET,
} from './support';

let harness: Harness;
const { tally, figures } = securityArea(
  'ownership',
  ['admin', 'operator'],
  (started) => (harness = started),
);

const staffSignIn = async (username: string, password: string) =>
  (
    await harness.cognito.call('AdminInitiateAuth', {
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: harness.cognito.pools.staff.poolId,
      ClientId: harness.cognito.pools.staff.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    })
  ).AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };

const refreshStaff = (refreshToken: string): Promise<CognitoAnswer> =>
  harness.cognito.call('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: harness.cognito.pools.staff.clientId,
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

/**
 * Refreshes `refreshToken` every few milliseconds until Cognito refuses it, keeping every ID token
 * it got; `during` runs meanwhile (the password change).
 */
async function refreshLoopAround(
  refreshToken: string,
  during: () => Promise<void>,
): Promise<string[]> {
  const held: string[] = [];
  let refused = false;
  const loop = (async () => {
    while (!refused) {
      try {
        const answer = await refreshStaff(refreshToken);
        held.push((answer.AuthenticationResult as { IdToken: string }).IdToken);
      } catch {
        refused = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  })();
  // Let the loop run a little before the change, as a kept token would.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await during();
  await loop;
  return held;
}

describe('a password change ends every session of the account', () => {
  it('a refresh loop racing the operator password change holds no accepted token after', async () => {
    // Prepare: a shop tablet signed in as the operator, the admin at the back office.
    const kept = await staffSignIn('operator', STAFF_PASSWORDS.operator);
    const admin = (await staffSignIn('admin', STAFF_PASSWORDS.admin)).IdToken;

    // Act: the tablet refreshes in a loop while the admin changes the operator password.
    const held = await refreshLoopAround(kept.RefreshToken, async () => {
      const changed = await harness.send({
        method: 'PUT',
        url: '/api/accounts/operator/password',
        token: admin,
        body: { password: 'operator-changed-1' },
      });
      expect(changed.status).toBe(200);
    });
    const lastTwenty = held.slice(-20);
    const answers = await Promise.all(
      lastTwenty.map((token) => harness.send({ method: 'GET', url: '/api/users', token })),
    );
    const accepted = answers.filter((a) => a.status === 200).length;

    // Assert
    for (const a of answers) tally.attack(a.status === 401);
    figures.push(
      `refresh loop racing a password change: ${accepted} of ${lastTwenty.length} tokens accepted after`,
    );
    expect(lastTwenty.length).toBeGreaterThan(0);
    expect(accepted).toBe(0);
  });

  it('a kept admin refresh token cannot set the admin password back after it was changed', async () => {
    // Prepare: the attacker keeps an admin refresh token; the real admin signs in elsewhere.
    const kept = await staffSignIn('admin', STAFF_PASSWORDS.admin);
    const owner = (await staffSignIn('admin', STAFF_PASSWORDS.admin)).IdToken;

    // Act: the owner changes the admin password while the kept token is refreshed in a loop; then
    // every ID token the loop got tries to set the password back.
    const held = await refreshLoopAround(kept.RefreshToken, async () => {
      const changed = await harness.send({
        method: 'PUT',
        url: '/api/accounts/admin/password',
        token: owner,
        body: { password: 'admin-changed-1' },
      });
      expect(changed.status).toBe(200);
    });
    let setBack = 0;
    for (const token of held.slice(-20)) {
      const answer = await harness.send({
        method: 'PUT',
        url: '/api/accounts/admin/password',
        token,
        body: { password: STAFF_PASSWORDS.admin },
      });
      tally.attack(answer.status === 401);
      if (answer.status === 200) setBack++;
    }
    const oldStillWorks = await staffSignIn('admin', STAFF_PASSWORDS.admin).then(
      () => true,
      () => false,
    );

    // Assert
    figures.push(
      `kept admin refresh token after the admin password change: ${setBack} of ${Math.min(held.length, 20)} tries set it back`,
    );
    expect(setBack).toBe(0);
    expect(oldStillWorks).toBe(false);
  });
});

describe("a visitor's code is theirs", () => {
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

  it('sign-ins strangers start for the number, and their wrong answers, do not make the right code fail', async () => {
    // Prepare: 8 visitors, each asking for a code from an address of their own.
    const numbers = Array.from({ length: 8 }, (_, i) => `04310000${String(i).padStart(2, '0')}`);
    let failed = 0;
    await Promise.all(
      numbers.map(async (local, i) => {
        const intl = intlOf(local);
        const started = await harness.startOtp(local, clientAddress(4000 + i));
        expect(started.status).toBe(202);
        // Act: between the visitor's otp/start and their own sign-in, 3 strangers start sign-ins
        // for the number at Cognito's public client and answer wrong, one of them with a key of
        // their own from an otp/start of theirs.
        const strangerKey = signInKeyOf(await harness.startOtp(local, clientAddress(5000 + i)));
        for (let n = 0; n < 3; n++) {
          const stranger = await initiateVisitorAuth(harness, intl);
          await answerVisitorChallenge(
            harness,
            stranger,
            '123456',
            n === 0 ? strangerKey : undefined,
          ).catch(() => undefined);
        }
        const own = await initiateVisitorAuth(harness, intl);
        const code = harness.outbox.latestCode(intl) ?? '';
        const retry = await answerVisitorChallenge(harness, own, wrong(code), signInKeyOf(started));
        const done = await answerVisitorChallenge(harness, retry, code, signInKeyOf(started)).catch(
          () => ({}) as CognitoAnswer,
        );
        if (!done.AuthenticationResult) failed++;
      }),
    );

    // Assert
    for (let i = 0; i < numbers.length; i++) tally.attack(i >= failed);
    figures.push(
      `strangers' sign-ins between a visitor's otp/start and theirs: ${failed} of ${numbers.length} visitors' right codes refused`,
    );
    expect(failed).toBe(0);
  });

  it("one address cannot spend a number's whole hourly budget", async () => {
    // Prepare: an attacker's address texts one number again every minute, all within one of the
    // budgets' fixed hours (the next one, which nothing has used: five minutes from any moment
    // could cross into a fresh hour and its fresh budget).
    const HOUR_MS = 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS });
    const local = '0431000100';
    const intl = intlOf(local);
    const attacker = clientAddress(6000);
    let texts = 0;
    for (let n = 0; n < SMS_LIMIT_PER_HOUR; n++) {
      const started = await harness.startOtp(local, attacker);
      if (started.status === 202) {
        await initiateVisitorAuth(harness, intl);
        texts = harness.outbox.messages.filter((m) => m.phoneNumber === intl).length;
      }
      vi.setSystemTime(Date.now() + 65_000);
    }
    // Act: the number's owner asks for a code from their own phone.
    const owner = await harness.startOtp(local, clientAddress(6001));

    // Assert
    tally.attack(owner.status === 202);
    figures.push(
      `one address texting one number every minute: ${texts} of its ${SMS_LIMIT_PER_HOUR} hourly codes sent, the owner's request then ${owner.status}`,
    );
    expect(texts).toBe(CLIENT_CODES_PER_NUMBER_PER_HOUR);
    expect(owner.status).toBe(202);
  });
});

describe('a deleted staff account comes back', () => {
  it("a kept operator session deletes its own user with DeleteUser; setting the operator's password makes it again", async () => {
    // Prepare: the operator signed in; the admin at the back office.
    const admin = (await staffSignIn('admin', 'admin-changed-1')).IdToken;
    const kept = await staffSignIn('operator', 'operator-changed-1');

    // Act: the kept session deletes its own account (Cognito's self-service call), then the admin
    // sets the operator password.
    const deleted = await harness.cognito
      .call('DeleteUser', { AccessToken: kept.AccessToken })
      .then(
        () => true,
        () => false,
      );
    const gone = await staffSignIn('operator', 'operator-changed-1').then(
      () => false,
      () => true,
    );
    const set = await harness.send({
      method: 'PUT',
      url: '/api/accounts/operator/password',
      token: admin,
      body: { password: 'operator-again-1' },
    });
    const back = (await staffSignIn('operator', 'operator-again-1')).IdToken;
    // A sign-in after the password change's margin.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const fresh = (await staffSignIn('operator', 'operator-again-1')).IdToken;
    const list = await harness.send({ method: 'GET', url: '/api/users', token: fresh });

    // Assert
    tally.attack(set.status === 200);
    figures.push(
      `staff account deleted by its own session (DeleteUser): setting its password answers ${set.status}, the operator signs in and lists customers (${list.status})`,
    );
    expect([deleted, gone]).toEqual([true, true]);
    expect(set.status).toBe(200);
    expect(back).toBeTruthy();
    expect(list.status).toBe(200);
  });
});

describe('visits are visitors', () => {
  it('one client loading the wheel 50 times in a business day counts once', async () => {
    // Prepare
    const visits = async () =>
      (await readStats([businessDay(new Date(), businessTimeZone())]))[0]!.counts.visits;
    const before = await visits();

    // Act: one address loads the wheel 50 times; another once.
    for (let n = 0; n < 50; n++)
      await harness.send({ method: 'GET', url: '/api/wheel', from: clientAddress(8000) });
    await harness.send({ method: 'GET', url: '/api/wheel', from: clientAddress(8001) });
    const added = (await visits()) - before;

    // Assert
    tally.attack(added === 2);
    figures.push(`51 wheel loads from 2 addresses in a day: visits +${added}`);
    expect(added).toBe(2);
  });
});

describe('spin-first tickets', () => {
  it('an address holds one open ticket, and none is honoured once the game is back in verify-first', async () => {
    // Prepare: a prize and the game in spin-first mode.
    const admin = (await staffSignIn('admin', 'admin-changed-1')).IdToken;
    await harness.send({
      method: 'POST',
      url: '/api/slices',
      token: admin,
      body: { name: 'Ticket prize' },
    });
    const setMode = (spinMode: string) =>
      harness.send({
        method: 'PUT',
        url: '/api/settings/game',
        token: admin,
        body: { itemBackgroundColors: [], spinMode },
      });
    const preview = async (from: string) => {
      const challenge = (await harness.send({ method: 'GET', url: '/api/spins/challenge' }))
        .json as Challenge;
      const altcha = { challenge, solution: (await solveChallenge({ challenge, deriveKey }))! };
      const answer = await harness.send({
        method: 'POST',
        url: '/api/spins/preview',
        body: { altcha, holder: TICKET_HOLDER },
        from,
      });
      return { ticket: (answer.json as { ticket: string }).ticket, from };
    };
    // From the address and the browser that drew the ticket.
    const exchange = async (local: string, drawn: { ticket: string; from: string }) =>
      harness.send({
        method: 'POST',
        url: '/api/spins',
        token: await harness.visitorToken(local),
        body: { ticket: drawn.ticket, secret: TICKET_SECRET },
        from: drawn.from,
      });
    expect((await setMode('spin-first')).status).toBe(200);

    // Act: one address previews twice and exchanges the first ticket; another previews, then the
    // admin switches back to verify-first and it exchanges its ticket.
    const first = await preview(clientAddress(9000));
    const second = await preview(clientAddress(9000));
    const keptFirst = await exchange('0433000001', first);
    const keptSecond = await exchange('0433000002', second);
    const before = await preview(clientAddress(9001));
    expect((await setMode('verify-first')).status).toBe(200);
    const afterSwitch = await exchange('0433000003', before);

    // Assert
    tally.attack(keptFirst.status === 400);
    tally.attack(afterSwitch.status === 400);
    figures.push(
      `spin-first tickets: an earlier ticket of the same address -> ${keptFirst.status}, the latest -> ${keptSecond.status}; a ticket exchanged after the switch to verify-first -> ${afterSwitch.status}`,
    );
    expect(keptFirst.status).toBe(400);
    expect(keptSecond.status).toBe(200);
    expect(afterSwitch.status).toBe(400);
  });
});

describe('staff routes take ID tokens only', () => {
  it("refuses the operator's access token on every staff route it could read", async () => {
    const { AccessToken } = await staffSignIn('operator', 'operator-again-1');
    const answers = await Promise.all(
      ['/api/users', '/api/staff/me', '/api/users/changes?since=0'].map((url) =>
        harness.send({ method: 'GET', url, token: AccessToken }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    for (const a of answers) tally.attack(a.status === 401);
    figures.push(`staff access tokens on staff routes: ${accepted} of ${answers.length} accepted`);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
  });
});
