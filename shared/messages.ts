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
});

/** The SMS that carries a visitor's code (not shown on any page). */
export const smsCodeMessage = (code: string): string => `Your Spin & Win code is ${code}`;
