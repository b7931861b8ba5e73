/**
 * Messages for conditions the product does not word (part of the messages: docs/architecture.md,
 * "Messages"). Visitor pages never show these (docs/product.md: they show the nearest required
 * text); the API returns them in `message` and staff pages may show them. Their own module so the
 * wheel page's first download never carries them: only the handlers and the staff and admin routes
 * import it.
 */
export const API_MESSAGES = Object.freeze({
  internal: 'Something went wrong. Please try again.',
  unavailable: 'The service is busy. Please try again in a moment.',
  unauthorized: 'Sign-in required or the session has expired.',
  forbidden: 'You do not have permission to do this.',
  invalidJson: 'The request body must be valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  notAustralianMobile: 'Only Australian mobile numbers (04xxxxxxxx) can receive a code.',
  smsPerMinute: 'A code was sent to this number less than a minute ago. Please wait.',
  smsPerHour: 'Too many codes for this number this hour. Please try later.',
  smsPerDay: 'Too many codes for this number today. Please try tomorrow.',
  smsGlobalCap: 'Code sending is paused for a while. Please try again later.',
  noPrizes: 'There are no prizes available right now.',
  customerNotFound: 'No customer with this phone number.',
  alreadyRedeemed: 'This offer has already been redeemed.',
  prizeExpired: (expiredAt: string) =>
    `This prize expired on ${expiredAt} and can no longer be redeemed.`,
  sliceNotFound: 'Slice not found.',
  sliceChanged:
    'This slice changed since you opened it (a win may have used its stock). Stock now shows the latest figure: check it and save again.',
  logoNotImage: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
  logoTooLarge: 'The image is larger than 2 MB.',
  unknownRole: 'Unknown account role.',
  invalidInput: 'The request is not valid.',
  spinTicketInvalid: 'The spin has expired. Please spin again.',
  sourceTagInvalid: 'The source tag is not valid.',
  noSpin: 'This number has not spun the wheel yet.',
  spinPreviewLimit: 'Too many spins from this network. Please try again later.',
  spinPreviewCap: 'Too many spins right now. Please try again later.',
  clientCodeLimit: 'Too many codes requested from this network. Please try again later.',
  clientLookupLimit: 'Too many lookups from this network. Please try again later.',
  staffSignInLimit: 'Too many sign-in attempts. Please try again later.',
  notViaSite: 'Requests must come through the site.',
  codeNotAuthorized: 'Please request a code through the site.',
  previewNotOffered: 'Spins are drawn after verification in this game.',
  challengeInvalid: 'The spin check failed or expired. Please spin again.',
  otpChallengeInvalid: 'The sign-in check failed or expired. Please try again.',
  spinBusy: 'The prize draw is busy. Please try again.',
  passwordPolicy: 'The new password does not meet the password policy (at least 6 characters).',
  accountNotFound: 'The staff account does not exist.',
  insightsRange: 'Choose a range of up to 366 days whose start is not after its end.',
  trustedFull: 'Up to 5 connections can be trusted. Remove one first.',
  trustedNotFound: 'That connection is not trusted.',
  trustedBusy: 'The trusted connections changed meanwhile. Please try again.',
});
