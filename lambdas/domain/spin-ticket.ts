/**
 * Spin-first mode (spin first, verify the number to save the win): the public preview draws on the server and
 * hands out a single-use ticket naming the slice; after verification POST /api/spins {ticket}
 * records that prize (or draws again if it can no longer be won). The browser never names a slice.
 *
 * A preview is anonymous, so someone could preview repeatedly and keep the ticket they like best;
 * previews are therefore limited per client address and per hour (pooled per IPv6 /48, raised for
 * a trusted connection) and for the whole deployment per hour, and an address holds one open
 * ticket: a new preview voids the last, so the best of several cannot be kept (on a trusted
 * connection, where a shop's visitors share the address, one open ticket per browser). A ticket is
 * exchanged only by the client that drew it: the same address, with the secret its browser keeps
 * beside the ticket (the preview names the secret's SHA-256): a ticket drawn at one address cannot
 * be exchanged from another. A ticket is only honoured while the game is in spin-first mode.
 */
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, conflict, isAppError } from '@shared/errors';
import type { SolvedChallenge } from '@shared/spin';
import { getGameSettings } from '../repositories/settings';
import { spendChallenge } from './proof-of-work';
import { API_MESSAGES } from '@shared/messages-api';
import type { SpinPreview, SpinResult } from '@shared/types';
import { putTicket, replaceOpenTicket, takeTicket } from '../repositories/spin-tickets';
import { isTrustedClient } from '../repositories/trusted-clients';
import { warnOnFailure } from '../lib/logger';
import { refundClientBudget, spendClientBudget, spendDeploymentPreview } from './client-budgets';
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

/** The holder of a ticket named by `secret` (its SHA-256, hex). */
const holderOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * Spends what one preview costs: the client's hourly previews (and its /48's), then the
 * deployment's; a refusal (429) is counted for the owner's Insights.
 */
async function spendPreviewBudgets(client: string, nowMs: number): Promise<void> {
  try {
    await spendClientBudget('previews', client, nowMs);
    try {
      await spendDeploymentPreview(nowMs);
    } catch (error) {
      await refundClientBudget('previews', client, nowMs).catch(
        warnOnFailure('could not give back a preview'),
      );
      throw error;
    }
  } catch (error) {
    if (isAppError(error) && error.status === 429)
      await addStats(new Date(nowMs), { add: { refusedPreviews: 1 } }).catch(
        warnOnFailure('could not count the refused preview'),
      );
    throw error;
  }
}

/**
 * Draws a prize for an anonymous visitor and issues its ticket, held by `clientAddress` and the
 * browser whose secret hashes to `holder`. Only in spin-first games (409 otherwise), for a solved
 * challenge used once (400), within the client's, its /48's and the deployment's previews (429).
 */
export async function previewSpin(
  clientAddress: string,
  solved: SolvedChallenge,
  holder: string,
): Promise<SpinPreview> {
  const nowMs = Date.now();
  const nowS = Math.floor(nowMs / 1000);
  if ((await getGameSettings()).spinMode !== 'spin-first')
    throw conflict('PREVIEW_NOT_OFFERED', API_MESSAGES.previewNotOffered);
  await spendChallenge('preview', solved);
  await spendPreviewBudgets(clientAddress, nowMs);
  const slice = await drawSlice();
  const ticket = randomBytes(TICKET_BYTES).toString('base64url');
  await putTicket(ticket, slice.id, nowS + TICKET_TTL_S, { client: clientAddress, holder });
  // A shop's visitors share its trusted address: there, each browser holds its own open ticket.
  const opener = (await isTrustedClient(clientAddress))
    ? `${clientAddress}#${holder}`
    : clientAddress;
  const previous = await replaceOpenTicket(opener, ticket, nowS + TICKET_TTL_S);
  if (previous !== undefined) await takeTicket(previous, nowS);
  await addStats(new Date(nowMs), { add: { previews: 1 } }).catch(
    warnOnFailure('could not count the preview'),
  );
  return { sliceId: slice.id, offer: slice.name, comment: slice.comment, ticket };
}

/**
 * The verified visitor's spin, through the placement `source` names if any. A saved prize comes
 * back untouched (the ticket is not even read); otherwise a ticket is taken (400 when unknown,
 * used, expired, or drawn by another client or browser) and its slice preferred; an exchange that
 * fails gives the ticket back.
 */
export async function spinForVisitor(
  phoneNumber: string,
  ticket: string | undefined,
  by: { client: string; secret: string | undefined },
  source?: string,
): Promise<SpinResult> {
  const saved = await findSavedSpin(phoneNumber);
  if (saved) return saved;
  const from = source ? { source } : {};
  if (ticket === undefined) return drawAndRecord(phoneNumber, from);
  // Only the client that drew the ticket, with the secret its browser kept beside it.
  if (by.secret === undefined)
    throw badRequest('SPIN_TICKET_INVALID', API_MESSAGES.spinTicketInvalid);
  const holder = { client: by.client, holder: holderOf(by.secret) };
  const [taken, game] = await Promise.all([
    takeTicket(ticket, Math.floor(Date.now() / 1000), holder),
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
    await putTicket(ticket, taken.sliceId, taken.expiresAt, holder).catch(
      warnOnFailure('could not give the spin ticket back'),
    );
    throw error;
  }
}
