/**
 * Security headers and what leaks into URLs and logs, on the whole local stack (no SPA): pages,
 * API answers and media carry the headers of infra/security-headers.ts, which CloudFront's policy
 * is built from; and during a full visitor, operator and admin journey no log line holds a token,
 * a full phone number, a code or a password, and no API URL carries a token or a phone number.
 */
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import { solvedOtpChallenge } from '../support/stack-sign-in';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseHeadersFrom } from '../../infra/constructs/response-headers';
import { SMS_SENT_LOG_MESSAGE } from '@shared/definitions';
import { securityHeaders } from '@shared/security-headers';
import { logger } from '../../lambdas/lib/logger';
import { startStack, type RunningStack } from '../../local/stack';
import { writeSummary } from './support';

const LOCAL = '0400000777';
const INTL = '+61400000777';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('logo bytes'),
]);

let stack: RunningStack;
let dataDir: string;
let checks = 0;
let leaks = 0;
const logLines: string[] = [];
const urls: string[] = [];
const secrets: string[] = [];
const restore: (() => void)[] = [];

/** Captures everything written to stdout and stderr (Powertools, console, the stand-in). */
function captureOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      logLines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return original(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => {
      stream.write = original as typeof stream.write;
    });
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      logLines.push(args.map(String).join(' '));
    };
    restore.push(() => {
      console[method] = original;
    });
  }
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  urls.push(path);
  return fetch(new URL(path, stack.url), init);
}

const api = (method: string, path: string, token?: string, body?: unknown) =>
  call(path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function cognito(operation: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await call('/cognito/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'spin-security-'));
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
  stack = await startStack({ dataDir, port: 0, web: 'none', log: () => undefined });
  logger.setLogLevel('DEBUG');
  secrets.push(stack.passwords.admin ?? '', stack.passwords.operator ?? '');
  captureOutput();
}, 90_000);

afterAll(async () => {
  for (const undo of restore.splice(0).reverse()) undo();
  writeSummary('headers-logs', { label: 'checks', count: checks, dataChanges: leaks });
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a full journey on the local stack', () => {
  let logoUrl = '';

  it('runs visitor, operator and admin steps', async () => {
    // Visitor: code, a typo, sign-in, spin
    const altcha = await solvedOtpChallenge(stack.url);
    urls.push('/api/otp/challenge');
    const started = await api('POST', '/api/otp/start', undefined, { phoneNumber: LOCAL, altcha });
    expect(started.status).toBe(202);
    const { signInKey } = (await started.json()) as { signInKey: string };
    secrets.push(signInKey);
    const metadata = { [SIGN_IN_KEY_METADATA]: signInKey };
    const { visitorClientId } = (await (await call('/config.json')).json()) as Record<
      string,
      string
    >;
    const challenge = await cognito('InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: visitorClientId,
      AuthParameters: { USERNAME: INTL },
    });
    const latest = (await (
      await fetch(new URL(`/local/sms/latest?phoneNumber=${encodeURIComponent(INTL)}`, stack.url))
    ).json()) as { code: string };
    secrets.push(latest.code);
    const username = (challenge.ChallengeParameters as Record<string, string>).USERNAME;
    const retry = await cognito('RespondToAuthChallenge', {
      ClientId: visitorClientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: challenge.Session,
      ChallengeResponses: {
        USERNAME: username,
        ANSWER: latest.code === '000000' ? '000001' : '000000',
      },
      ClientMetadata: metadata,
    });
    const signedIn = await cognito('RespondToAuthChallenge', {
      ClientId: visitorClientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: retry.Session,
      ChallengeResponses: { USERNAME: username, ANSWER: latest.code },
      ClientMetadata: metadata,
    });
    const visitor = (signedIn.AuthenticationResult as { IdToken: string }).IdToken;
    expect((await api('POST', '/api/spins', visitor, {})).status).toBe(200);
    expect((await api('GET', '/api/spins/mine', visitor)).status).toBe(200);
    expect((await api('POST', '/api/spins', visitor, '{bad')).status).toBe(400);

    // Staff: a wrong password, then the operator's and admin's work
    const wrong = await api('POST', '/api/staff/sign-in', undefined, {
      username: 'admin',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    const staff = await api('POST', '/api/staff/sign-in', undefined, {
      username: 'admin',
      password: stack.passwords.admin,
    });
    const admin = ((await staff.json()) as { idToken: string }).idToken;
    expect((await api('POST', '/api/users/search', admin, { phoneNumber: LOCAL })).status).toBe(
      200,
    );
    expect((await api('GET', '/api/users', admin)).status).toBe(200);
    expect((await api('POST', '/api/users/redeem', admin, { phoneNumber: LOCAL })).status).toBe(
      200,
    );
    expect((await api('POST', '/api/users/redeem', admin, { phoneNumber: LOCAL })).status).toBe(
      409,
    );
    const upload = await call('/api/logo', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': 'image/png',
        'x-file-name': 'logo.png',
      },
      body: PNG,
    });
    logoUrl = ((await upload.json()) as { logoUrl: string }).logoUrl;
    expect(upload.status).toBe(201);
    expect((await api('PUT', '/api/settings/business', admin, { logoUrl })).status).toBe(200);
    const newPassword = 'operator-new-password';
    secrets.push(newPassword);
    expect(
      (await api('PUT', '/api/accounts/operator/password', admin, { password: newPassword }))
        .status,
    ).toBe(200);
    expect((await api('GET', '/api/users')).status).toBe(401);
    // The line logged per SMS sent (the alarms count the CodesSent metric beside it), as JSON.
    const sentLines = logLines.filter((line) => line.includes(SMS_SENT_LOG_MESSAGE));
    expect(sentLines.map((line) => (JSON.parse(line) as { message?: string }).message)).toContain(
      SMS_SENT_LOG_MESSAGE,
    );
  }, 60_000);

  it('logs no token, full phone number, code or password', () => {
    const text = logLines.join('\n');
    const forbidden: [string, RegExp | string][] = [
      ['a JWT', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}/],
      ['the +61 number', INTL],
      ['the local number', LOCAL],
      ['the number without prefix', INTL.slice(3)],
      ...secrets.filter(Boolean).map((s): [string, string] => ['a code or password', s]),
    ];
    for (const [label, pattern] of forbidden) {
      checks++;
      const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
      if (found) leaks++;
      expect(found, `${label} in the logs`).toBe(false);
    }
  });

  it('puts no token or phone number in an API or Cognito URL', () => {
    for (const url of urls) {
      checks++;
      const leaked = /eyJ|0400000777|400000777/.test(decodeURIComponent(url));
      if (leaked) leaks++;
      expect(leaked, url).toBe(false);
    }
  });

  it('serves production headers on pages, API answers, errors and media, and sets no cookie', async () => {
    const expected = securityHeaders([]);
    for (const path of [
      '/',
      '/dashboard',
      '/api/wheel',
      '/api/no-such-route',
      '/api/users',
      logoUrl,
      '/media/business/missing.png',
      '/config.json',
    ]) {
      const response = await call(path);
      for (const [name, value] of Object.entries(expected)) {
        checks++;
        if (response.headers.get(name) !== value) leaks++;
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
      checks++;
      expect(response.headers.get('set-cookie'), path).toBeNull();
    }
  });

  it('maps every header the local stack serves into the CloudFront response headers policy', () => {
    const headers = securityHeaders(['https://cognito-idp.ap-southeast-2.amazonaws.com']);
    const policy = responseHeadersFrom(headers);
    const security = policy.securityHeadersBehavior;
    const mapped: Record<string, boolean> = {
      'content-security-policy':
        security.contentSecurityPolicy?.contentSecurityPolicy ===
        headers['content-security-policy'],
      'strict-transport-security': security.strictTransportSecurity?.includeSubdomains === true,
      'x-content-type-options': security.contentTypeOptions?.override === true,
      'x-frame-options': security.frameOptions?.frameOption === headers['x-frame-options'],
      'referrer-policy': security.referrerPolicy?.referrerPolicy === headers['referrer-policy'],
    };
    for (const header of policy.customHeadersBehavior.customHeaders)
      mapped[header.header] = header.value === headers[header.header] && header.override;
    for (const name of Object.keys(headers)) {
      checks++;
      expect(mapped[name], name).toBe(true);
    }
  });
});
