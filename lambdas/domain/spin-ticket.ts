/**
 * Spin-first mode ("spin first, verify to claim"): the public preview draws on the server and
 * hands out a single-use ticket naming the slice; after verification POST /api/spins {ticket}
 * records that prize (or draws again if it can no longer be won). The browser never names a slice.
 *
 * A preview is anonymous, so someone could preview repeatedly and keep the ticket they like best;
 * previews are therefore limited per client address and per hour, and an address holds one open
 * ticket: a new preview voids the last, so the best of several cannot be kept. A ticket is only
 * honoured while the game is in spin-first mode.
 */
import { randomBytes } from 'node:crypto';
import { badRequest, conflict } from '@shared/errors';
import type { SolvedChallenge } from '@shared/spin';
import { getGameSettings } from '../repositories/settings';
import { spendChallenge } from './proof-of-work';
import { API_MESSAGES } from '@shared/messages';
import type { SpinPreview, SpinResult } from '@shared/types';
import { putTicket, replaceOpenTicket, takeTicket } from '../repositories/spin-tickets';
import { warnOnFailure } from '../lib/logger';
import { spendClientBudget } from './client-budgets';
import { drawAndRecord, drawSlice, findSavedSpin } from './spin';
import { addStats } from '../repositories/stats';

/** 18 random bytes: 24 base64url characters (SPIN_TICKET_PATTERN). */
const TICKET_BYTES = 18;
/**
 * A ticket outlives a whole verification: code sending, a 60 s resend wait or two and typing the
 * code, within one or more of the visitor pool's 5-minute auth sessions
 * (`authSessionValidityMinutes`).
 */
const TICKET_TTL_S = 15 * 60;

/**
 * Draws a prize for an anonymous visitor and issues its ticket. Only in spin-first games (409
 * otherwise), for a solved challenge used once (400), within the client's budget (429).
 */
export async function previewSpin(
  clientAddress: string,
  solved: SolvedChallenge,
): Promise<SpinPreview> {
  const nowMs = Date.now();
  const nowS = Math.floor(nowMs / 1000);
  if ((await getGameSettings()).spinMode !== 'spin-first')
    throw conflict('PREVIEW_NOT_OFFERED', API_MESSAGES.previewNotOffered);
  await spendChallenge('preview', solved);
  await spendClientBudget('previews', clientAddress, nowMs);
  const slice = await drawSlice();
  const ticket = randomBytes(TICKET_BYTES).toString('base64url');
  await putTicket(ticket, slice.id, nowS + TICKET_TTL_S);
  const previous = await replaceOpenTicket(clientAddress, ticket, nowS + TICKET_TTL_S);
  if (previous !== undefined) await takeTicket(previous, nowS);
  await addStats(new Date(nowMs), { add: { previews: 1 } }).catch(
    warnOnFailure('could not count the preview'),
  );
  return { sliceId: slice.id, offer: slice.name, comment: slice.comment, ticket };
}

/**
 * The verified visitor's spin, through the placement `source` names if any. A saved prize comes back untouched (the ticket is not even read);
 * otherwise a ticket is taken (400 when unknown, used or expired) and its slice preferred; an
 * exchange that fails gives the ticket back.
 */
export async function spinForVisitor(
  phoneNumber: string,
  ticket: string | undefined,
  source?: string,
): Promise<SpinResult> {
  const saved = await findSavedSpin(phoneNumber);
  if (saved) return saved;
  const from = source ? { source } : {};
  if (ticket === undefined) return drawAndRecord(phoneNumber, from);
  const [taken, game] = await Promise.all([
    takeTicket(ticket, Math.floor(Date.now() / 1000)),
    getGameSettings(),
  ]);
  // A ticket previewed in spin-first mode is not honoured once the game is back in verify-first.
  if (!taken || game.spinMode !== 'spin-first')
    throw badRequest('SPIN_TICKET_INVALID', API_MESSAGES.spinTicketInvalid);
  try {
    return await drawAndRecord(phoneNumber, { preferredSliceId: taken.sliceId, ...from });
  } catch (error) {
    // Not recorded (DynamoDB throttled throughout, the draw busy): the ticket goes back, so the
    // visitor's retry still wins the previewed prize. Had the win been recorded after all (an
    // answer lost), the retry gets the saved prize and the ticket simply expires.
    await putTicket(ticket, taken.sliceId, taken.expiresAt).catch(
      warnOnFailure('could not give the spin ticket back'),
    );
    throw error;
  }
}
