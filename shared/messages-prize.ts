/**
 * The visitor's words below the product's lines of the win popup and the code form (part of the
 * messages: docs/architecture.md, "Messages"): until when a prize is valid, when staff redeemed
 * it, the lost prize's way back, and the close question. Their own module so the wheel page's
 * first download never carries them: only the popup and the code form, both loaded with their
 * dialogs, import it.
 */
export const PRIZE_TEXT = Object.freeze({
  // Below the spec's lines of the win popup: until when the prize is valid, and once staff
  // redeemed it, when (the page learns it while the popup is open: hooks/use-redeemed-watch.ts).
  validUntil: (date: string) => `Valid until ${date}`,
  expiredOn: (date: string) => `This prize expired on ${date}.`,
  redeemedOn: (date: string, time: string) => `Redeemed on ${date} ${time}`,
  // Below "This number already has a reward!": the winner verifies the number to see the prize.
  recoverPrompt: 'Your number? Verify it by SMS to see your prize.',
  recover: 'Verify by SMS',
  // Closing a spin-first prize that is not claimed yet asks first.
  closeUnclaimedTitle: 'Close without claiming?',
  closeUnclaimedQuestion: 'Your prize is not claimed yet: claim it via SMS to keep it.',
  keepOpen: 'Keep it open',
});
