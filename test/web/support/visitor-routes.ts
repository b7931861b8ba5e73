/**
 * The visitor routes of the fake network (network.ts): the API routes the wheel page calls and the
 * visitor pool's side of Cognito's JSON protocol. The page's own modules run for real.
 */
import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Solution } from 'altcha-lib/types';
import type { SpinResult, WheelResponse } from '@shared/types';
import { MESSAGES } from '@shared/messages';
import {
  installFakeNetwork,
  jsonResponse as json,
  type FakeNetwork,
  type NetworkCall,
} from './network';
import { aPublicSlice } from '../../support/records';
import { visitorIdToken } from './tokens';
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';

export const CORRECT_CODE = '246810';
const FAKE_CHALLENGE_SECRETS = { hmacSignatureSecret: 'fake-a', hmacKeySignatureSecret: 'fake-b' };

/** The visitor routes' state; constructing one installs the fake network. */
export class FakeBackend {
  /** The fake network these routes answer on, installed as global fetch. */
  readonly network: FakeNetwork;
  /** +61 number -> saved prize. */
  customers = new Map<string, SpinResult>();
  /** The slice the fake server draws. */
  drawSliceId: string;
  /** Status to answer POST /api/otp/start with, when set (e.g. 429). */
  otpStartStatus: number | undefined;
  /** The Retry-After (seconds) of that refusal, when set. */
  otpStartRetryAfter: number | undefined;
  /** Cognito's error for InitiateAuth, when set (e.g. a send trigger that SNS throttled). */
  initiateAuthError: { type: string; message: string } | undefined;
  wheelDelayMs = 0;
  /** GET /api/wheel answers 503 this many times before it works. */
  wheelFailures = 0;
  private attempts = 0;
  /** Cognito ends the sign-in after the third wrong code: no answer counts until a new one. */
  private signInOver = false;
  /** The sign-in key the latest otp/start gave. */
  private signInKey = '';
  /** Each ticket's slice and the SHA-256 of its holder's secret, as the server keeps them. */
  private tickets = new Map<string, { sliceId: string; holder: string }>();
  /** GET /api/otp/challenge calls so far. */
  otpChallenges = 0;
  /** Status to answer GET /api/otp/challenge with, when set (e.g. 503). */
  otpChallengeStatus: number | undefined;
  /** otp/start refuses this many solved challenges as outdated (the work rose meanwhile). */
  staleChallenges = 0;
  private usedChallenges = new Set<string>();

  /** A real challenge, with a small answer so that the browser-side solve is quick here. */
  private challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3,
      deriveKey,
      ...FAKE_CHALLENGE_SECRETS,
    });
  }

  constructor(readonly wheel: WheelResponse) {
    this.drawSliceId = wheel.slices[1]?.id ?? wheel.slices[0]!.id;
    this.network = installFakeNetwork({
      api: (call) => this.api(call),
      cognito: (operation, body) => this.cognito(operation, body),
    });
  }

  /** Every request made, in order (config, Cognito and /api). */
  get requests(): NetworkCall[] {
    return this.network.requests;
  }

  private slice(id: string): SpinResult {
    const s = this.wheel.slices.find((x) => x.id === id)!;
    return { sliceId: s.id, offer: s.name, comment: s.comment };
  }

  private phoneOf(authorization: string | null): string | undefined {
    const token = authorization?.replace(/^Bearer /, '');
    const part = token?.split('.')[1];
    if (!part) return undefined;
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as {
      phone_number?: string;
    };
    return payload.phone_number;
  }

  /** POST /api/otp/start: a solved challenge used once, no reward yet, and any refusal set. */
  private async startOtp(body: unknown): Promise<Response> {
    const { phoneNumber: local, altcha } = body as {
      phoneNumber: string;
      altcha?: { challenge: Challenge; solution: Solution };
    };
    // Every code costs a solved challenge, used once, as the real route insists.
    const nonce = altcha?.challenge.parameters.nonce ?? '';
    const check = altcha
      ? await verifySolution({ ...altcha, deriveKey, ...FAKE_CHALLENGE_SECRETS })
      : { verified: false };
    if (!check.verified || this.usedChallenges.has(nonce) || this.staleChallenges > 0) {
      this.staleChallenges = Math.max(0, this.staleChallenges - 1);
      return json(400, { code: 'CHALLENGE_INVALID', message: 'bad' });
    }
    this.usedChallenges.add(nonce);
    if (this.customers.has(`+61${local.slice(1)}`)) {
      return json(409, { code: 'ALREADY_HAS_REWARD', message: MESSAGES.alreadyHasReward });
    }
    if (this.otpStartStatus === 503)
      return json(503, { code: 'UNAVAILABLE', message: 'The service is busy.' });
    if (this.otpStartStatus) {
      const refused = json(this.otpStartStatus, { code: 'CLIENT_CODE_LIMIT', message: 'limit' });
      if (this.otpStartRetryAfter !== undefined)
        refused.headers.set('retry-after', String(this.otpStartRetryAfter));
      return refused;
    }
    this.signInKey = `key-${nonce.slice(0, 8)}`;
    return json(202, { signInKey: this.signInKey });
  }

  private api = async ({ method, url, body, authorization }: NetworkCall): Promise<Response> => {
    if (method === 'GET' && url === '/api/wheel') {
      if (this.wheelDelayMs) await new Promise((r) => setTimeout(r, this.wheelDelayMs));
      if (this.wheelFailures > 0) {
        this.wheelFailures--;
        return json(503, { code: 'SERVICE_UNAVAILABLE', message: 'Please try again.' });
      }
      return json(200, this.wheel);
    }
    if (method === 'GET' && url === '/api/otp/challenge') {
      this.otpChallenges++;
      if (this.otpChallengeStatus)
        return json(this.otpChallengeStatus, { code: 'UNAVAILABLE', message: 'busy' });
      return json(200, await this.challenge());
    }
    if (method === 'POST' && url === '/api/otp/start') return this.startOtp(body);
    if (method === 'GET' && url === '/api/spins/challenge')
      return json(200, await this.challenge());
    if (method === 'POST' && url === '/api/spins/preview') {
      const { altcha, holder } = body as {
        altcha: { challenge: Challenge; solution: Solution };
        holder: string;
      };
      const check = await verifySolution({ ...altcha, deriveKey, ...FAKE_CHALLENGE_SECRETS });
      if (!check.verified) return json(400, { code: 'CHALLENGE_INVALID', message: 'bad' });
      const ticket = `T${'x'.repeat(22)}${this.tickets.size}`;
      this.tickets.set(ticket, { sliceId: this.drawSliceId, holder });
      return json(200, { ...this.slice(this.drawSliceId), ticket });
    }
    if (url === '/api/spins' || url === '/api/spins/mine') {
      const phone = this.phoneOf(authorization);
      if (!phone) return json(401, { code: 'UNAUTHORIZED', message: 'no' });
      if (method === 'GET') {
        const saved = this.customers.get(phone);
        return saved ? json(200, saved) : json(404, { code: 'NO_SPIN', message: 'none' });
      }
      const saved = this.customers.get(phone);
      if (saved) return json(200, saved);
      const { ticket, secret } = body as { ticket?: string; secret?: string };
      const held = ticket ? this.tickets.get(ticket) : undefined;
      // Only with the secret the previewing browser kept beside the ticket.
      const holds =
        held !== undefined &&
        createHash('sha256')
          .update(secret ?? '')
          .digest('hex') === held.holder;
      const sliceId = ticket ? (holds ? held.sliceId : undefined) : this.drawSliceId;
      if (!sliceId) return json(400, { code: 'SPIN_TICKET_INVALID', message: 'expired' });
      if (ticket) this.tickets.delete(ticket);
      const result = this.slice(sliceId);
      this.customers.set(phone, result);
      return json(200, result);
    }
    return json(404, { code: 'NOT_FOUND', message: `no fake for ${method} ${url}` });
  };

  private cognito(operation: string, body: Record<string, unknown>): Response {
    if (operation === 'InitiateAuth') {
      if (this.initiateAuthError)
        return json(400, {
          __type: this.initiateAuthError.type,
          message: this.initiateAuthError.message,
        });
      const { USERNAME } = body.AuthParameters as { USERNAME: string };
      this.attempts = 0;
      this.signInOver = false;
      return json(200, {
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: `session-for-${USERNAME}`,
        ChallengeParameters: { USERNAME },
      });
    }
    if (operation === 'RespondToAuthChallenge') {
      const { USERNAME, ANSWER } = body.ChallengeResponses as { USERNAME: string; ANSWER: string };
      if (this.signInOver)
        return json(400, {
          __type: 'NotAuthorizedException',
          message: 'Invalid session for the user.',
        });
      // As Verify: an answer counts only with the sign-in key otp/start gave.
      const metadata = body.ClientMetadata as Record<string, string> | undefined;
      if (ANSWER === CORRECT_CODE && metadata?.[SIGN_IN_KEY_METADATA] === this.signInKey) {
        return json(200, {
          ChallengeParameters: {},
          AuthenticationResult: {
            IdToken: visitorIdToken(USERNAME),
            AccessToken: 'a',
            RefreshToken: 'r',
            ExpiresIn: 3600,
            TokenType: 'Bearer',
          },
        });
      }
      this.attempts++;
      this.signInOver = this.attempts >= 3;
      if (this.signInOver)
        return json(400, {
          __type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      return json(200, {
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: 'next',
        ChallengeParameters: { USERNAME },
      });
    }
    return json(400, { __type: 'InvalidParameterException', message: 'unsupported' });
  }

  /** The API requests (no config, no Cognito) as "METHOD url". */
  apiCalls(): string[] {
    return this.requests
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url}`);
  }
}

export const SAMPLE_WHEEL: WheelResponse = {
  business: {
    businessName: 'Tasty Takeaway',
    logoUrl: '/media/business/logo.png',
    website: 'https://tasty.example',
    email: 'info@example.com',
    phoneNumber: '0298765432',
    mapsUrl: '',
    instagramUrl: 'https://instagram.com/tasty',
    facebookUrl: 'https://facebook.com',
    tiktokUrl: '',
    uberEatsUrl: 'https://ubereats.com/tasty',
  },
  game: { itemBackgroundColors: ['#ff0000', '#00ff00'], spinMode: 'verify-first' },
  slices: [
    aPublicSlice({ id: 's1', name: 'Free Side', comment: 'Min spend $20' }),
    aPublicSlice({ id: 's2', name: 'BOGOF Main', comment: 'Buy one main, get one free' }),
    aPublicSlice({ id: 's3', name: 'Free Drink', bgColor: '#123456' }),
  ],
};
