/**
 * Every user-facing message, word for word as the product spec (section 8) has it, defined once.
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
  otpResendFailedShort: 'Failed to resend OTP',
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
 * Messages for conditions the spec does not name. Visitor pages never show these (spec section 1:
 * they show the nearest spec text); the API returns them in `message` and staff pages may show them.
 */
export const API_MESSAGES = Object.freeze({
  internal: 'Something went wrong. Please try again.',
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
  sliceNotFound: 'Slice not found.',
  logoNotImage: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
  logoTooLarge: 'The image is larger than 2 MB.',
  unknownRole: 'Unknown account role.',
  invalidInput: 'The request is not valid.',
  spinTicketInvalid: 'The spin has expired. Please spin again.',
});

/**
 * Labels and copy of the staff screens (/login, /operator-login, /dashboard), which may say more
 * than the spec lists. Headings, column names and button labels the spec names are word for word.
 */
export const STAFF_TEXT = Object.freeze({
  // Login forms
  username: 'Username',
  password: 'Password',
  login: 'Login',
  signingIn: 'Signing in...',
  operatorLoginTitle: 'Operator Login',
  backToWheel: 'Back to the wheel',
  welcome: (username: string) => `Welcome, ${username}!`,
  signedInAs: (role: string) => `You are signed in as ${role}.`,
  goToDashboard: 'Go to dashboard',
  logout: 'Logout',
  // Dashboard (spec section 2, "Operator dashboard")
  appTitle: 'Spin & Win',
  searchHeading: 'Search By Phone Number',
  searchLabel: 'Phone number',
  searchPlaceholder: '04XXXXXXXX',
  search: 'Search',
  searching: 'Searching...',
  searchResultHeading: 'Search Result',
  allUsersHeading: 'All Users',
  columnPhone: 'Phone Number',
  columnOffer: 'Offer',
  columnActions: 'Actions',
  claim: 'Claim',
  processing: 'Processing...',
  redeemed: 'Redeemed',
  confirmTitle: 'Confirm Action',
  confirmQuestion: (phone: string, offer: string) =>
    `Mark the offer "${offer}" for ${phone} as redeemed? This cannot be undone.`,
  cancel: 'Cancel',
  confirm: 'Confirm',
  redeemSucceeded: (phone: string) => `Offer for ${phone} marked as redeemed.`,
  loadMore: 'Load more',
  loadingUsers: 'Loading users...',
  noUsers: 'No users yet.',
  allLoaded: 'All users loaded.',
  usersShown: (count: number) => `${count} ${count === 1 ? 'user' : 'users'} shown`,
  retry: 'Try again',
});
