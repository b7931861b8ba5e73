/**
 * Every user-facing message, word for word where the product requires it (docs/required-text.json), defined once.
 * Web forms, handlers and tests import these; no screen or handler spells a message itself.
 */
export const MESSAGES = Object.freeze({
  // Phone (section 5)
  phoneMustStartWith04: "Phone number must start with '04'",
  phoneInvalid: 'Please enter a valid phone number',
  alreadyHasReward: 'This number already has a reward!',
  // OTP
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpResendFailed: 'Failed to resend OTP. Please try again.',
  otpMustBe6Digits: 'Please enter a 6-digit OTP',
  otpMustBe6Characters: 'OTP must be 6 characters long',
  otpVerificationFailed: 'OTP verification failed',
  otpIncorrect: 'Incorrect OTP',
  verificationSuccessful: 'Verification successful! You can now spin the wheel!',
  // Dashboard search
  searchDigitsOnly: 'Please enter only numbers',
  searchTooLong: 'Phone number cannot exceed 10 digits',
  searchInvalid: 'Please enter a valid 10-digit phone number',
  searchNoUser: 'No user found with this phone number.',
  fetchUsersFailed: 'Failed to fetch users.',
  redeemFailed: 'Failed to mark user as redeemed.',
  // Logins
  invalidCredentials: 'Invalid credentials. Please check your username and password.',
  invalidRole: 'Invalid user role. Please contact administrator.',
  adminOnly:
    'Invalid credentials or insufficient privileges. Only admin users can access this page.',
  operatorOnly:
    'Invalid credentials or insufficient privileges. Only operator users can access this page.',
  loginFailed: 'Login failed. Please try again.',
  // Settings
  loadSettingsFailed: 'Failed to load settings',
  logoUploadFailed: 'Failed to upload logo.',
  logoUploaded: 'Logo uploaded',
  saveFailed: 'Failed to save',
  savedSuccessfully: 'Saved successfully',
  // Slices
  loadSlicesFailed: 'Failed to load slices',
  saveSliceFailed: 'Failed to save slice',
  sliceSaved: 'Saved',
  deleteSliceFailed: 'Failed to delete slice',
  deleteSliceConfirm: 'Delete this slice?',
  sliceNameTooLong: 'Slice name cannot be longer than 16 characters',
  sliceNameTooLongShort: 'Name cannot exceed 16 characters',
  maxSlicesReached: 'Maximum number of slices (10) reached. Cannot add more slices.',
  // Passwords
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  adminPasswordUpdated: 'Admin password updated successfully!',
  operatorPasswordUpdated: 'Operator password updated successfully!',
  passwordRequired: 'Password field is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  // Router defaults
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  badRequest: 'Bad Request',
  unexpectedApplicationError: 'Unexpected Application Error!',
  // Wheel widget
  wheelMustBeWheel: 'wheel must be an instance of Wheel',
  containerMustBeElement: 'container must be an instance of Element',
  propsMustBeObject: 'props must be an Object or null',
  itemNotFound: 'Item not found in parent Wheel',
  imageNotLoaded: 'An image could not be loaded',
  rotationSpeedMustBeNumber: 'rotationSpeed must be a number',
});

/**
 * Messages for conditions the product does not word. Visitor pages never show these (docs/product.md:
 * they show the nearest required text); the API returns them in `message` and staff pages may show them.
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

/**
 * Copy of the public wheel page (docs/product.md, "Wheel page"; word for word where the product words it). The
 * accessible names (`*Label`) name controls the product describes without wording them.
 */
export const VISITOR_TEXT = Object.freeze({
  heading: 'Spin & Win',
  loading: 'Loading your wheel…',
  goodLuck: 'Good luck!',
  spin: 'Spin',
  sendCode: 'Send Code',
  sending: 'Sending...',
  verify: 'Verify',
  verifying: 'Verifying...',
  resend: 'Resend',
  resendIn: (seconds: number) => `Resend in ${seconds}s`,
  congratulations: 'Congratulations!',
  youWon: "You've Won:",
  visitStore: 'Visit the store to claim your prize!',
  claimViaSms: 'Claim Prize via SMS',
  sendPrize: 'Send Prize',
  phoneLabel: 'Phone Number',
  otpLabel: 'OTP',
  verificationDialogLabel: 'Verify your phone number',
  winDialogLabel: 'Your prize',
  closeLabel: 'Close',
  logoAlt: (businessName: string) => `${businessName} logo`,
  footerLabel: 'Contact and social links',
  footerLinks: Object.freeze({
    website: 'Website',
    email: 'Email',
    phone: 'Phone',
    facebook: 'Facebook',
    instagram: 'Instagram',
    tiktok: 'TikTok',
    uberEats: 'Uber Eats',
    maps: 'Maps',
  }),
});

/** The SMS that carries a visitor's code (not shown on any page). */
export const smsCodeMessage = (code: string): string => `Your Spin & Win code is ${code}`;
