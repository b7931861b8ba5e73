/**
 * POST /api/spins/preview (spin-first mode): a server draw for a visitor not yet verified. Each
 * draw costs a proof of work: a challenge from GET /api/spins/challenge, solved in the browser.
 * The browser makes a secret for the ticket and sends only its SHA-256: the ticket it holds is
 * the server's ticket and that secret side by side (`<ticket>.<secret>`), and only both, from the
 * same address, exchange it (create-spin.ts sends them apart).
 */
import type { Challenge } from 'altcha-lib/types';
import type { SpinPreview } from '@shared/types';
import { wheelRouteOf } from '@shared/routes-wheel';
import { callRoute } from '../../../lib/api-client';
import { solveChallenge } from '../lib/solve-challenge';

/** 32 random bytes, base64url: the ticket's secret (shared/spin.ts). */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function previewSpin(): Promise<SpinPreview> {
  const challenge = await callRoute<Challenge>(wheelRouteOf('spin-challenge'));
  const solution = await solveChallenge(challenge);
  const secret = newSecret();
  const preview = await callRoute<SpinPreview>(wheelRouteOf('preview-spin'), {
    body: { altcha: { challenge, solution }, holder: await sha256Hex(secret) },
  });
  return { ...preview, ticket: `${preview.ticket}.${secret}` };
}
