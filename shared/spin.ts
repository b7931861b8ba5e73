/** Request and response shapes of the spin routes, shared by the handlers and the wheel page. */
import * as z from './zod';
import { API_MESSAGES } from './messages';

/** A spin ticket: 24 base64url characters (18 random bytes). */
const SPIN_TICKET_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/**
 * Body of POST /api/spins: empty (verify-first: the server draws now), or the ticket of a
 * spin-first preview. Anything else, such as a slice id, is refused: the client never picks.
 */
export const spinRequestSchema = z.strictObject({
  ticket: z
    .string()
    .regex(SPIN_TICKET_PATTERN, { error: API_MESSAGES.spinTicketInvalid })
    .optional(),
});
export type SpinRequest = z.infer<typeof spinRequestSchema>;

/** Body of POST /api/spins/preview: nothing. */
export const spinPreviewRequestSchema = z.strictObject({});
