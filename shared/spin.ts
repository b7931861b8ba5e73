/** Request and response shapes of the spin routes, shared by the handlers and the wheel page. */
import * as z from './zod';
import { API_MESSAGES } from './messages-api';
import { parseSourceTag } from './source-tag';

/** A spin ticket: 24 base64url characters (18 random bytes). */
const SPIN_TICKET_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** A placement's source tag in a request body: the one rule of shared/source-tag.ts. */
export const sourceTagSchema = z
  .string()
  .max(64)
  .transform((raw, context) => {
    const tag = parseSourceTag(raw);
    if (tag === null) {
      context.addIssue({ code: 'custom', message: API_MESSAGES.sourceTagInvalid });
      return z.NEVER;
    }
    return tag;
  });

/**
 * The secret a browser keeps beside its spin ticket: 32 random bytes, base64url (43 characters).
 * The preview carries its SHA-256 (hex, TICKET_HOLDER_PATTERN), the exchange the secret itself.
 */
const TICKET_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const TICKET_HOLDER_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Body of POST /api/spins: empty (verify-first: the server draws now), or the ticket of a
 * spin-first preview with the secret the browser that drew it keeps beside it; either with the
 * source tag of the placement the visitor came through. Anything else, such as a slice id, is
 * refused: the client never picks.
 */
export const spinRequestSchema = z.strictObject({
  ticket: z
    .string()
    .regex(SPIN_TICKET_PATTERN, { error: API_MESSAGES.spinTicketInvalid })
    .optional(),
  secret: z
    .string()
    .regex(TICKET_SECRET_PATTERN, { error: API_MESSAGES.spinTicketInvalid })
    .optional(),
  source: sourceTagSchema.optional(),
});
export type SpinRequest = z.infer<typeof spinRequestSchema>;

const boundedText = (max: number) => z.string().min(1).max(max);
const wholeNumber = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * A solved proof-of-work challenge (ALTCHA): the challenge GET /api/spins/challenge issued, as
 * issued, and the counter and key the browser found. The server checks its signature and expiry.
 */
export const solvedChallengeSchema = z.strictObject({
  challenge: z.strictObject({
    parameters: z.strictObject({
      algorithm: boundedText(32),
      nonce: boundedText(128),
      salt: boundedText(128),
      cost: wholeNumber,
      keyLength: wholeNumber,
      keyPrefix: boundedText(256),
      keySignature: boundedText(256).optional(),
      expiresAt: wholeNumber.optional(),
      /** The work factor the server signed in (lambdas/domain/proof-of-work.ts). */
      data: z.strictObject({ work: wholeNumber }).optional(),
    }),
    signature: boundedText(256),
  }),
  solution: z.strictObject({
    counter: wholeNumber,
    derivedKey: boundedText(256),
    time: z.number().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
});
export type SolvedChallenge = z.infer<typeof solvedChallengeSchema>;

/**
 * Body of POST /api/spins/preview: a solved challenge, so that each draw costs some work, and the
 * SHA-256 (hex) of the secret the browser keeps beside the ticket (`holder`): only that browser,
 * from the same address, can exchange it.
 */
export const spinPreviewRequestSchema = z.strictObject({
  altcha: solvedChallengeSchema,
  holder: z.string().regex(TICKET_HOLDER_PATTERN, { error: API_MESSAGES.challengeInvalid }),
});
