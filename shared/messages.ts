/**
 * Every user-facing message, word for word where the product requires it (docs/required-text.json), defined once.
 * Web forms, handlers and tests import these; no screen or handler spells a message itself.
 */
import {
  PASSWORD_MAX,
  SLICE_COMMENT_MAX,
  SLICE_VALID_DAYS_MAX,
  SLICE_WEIGHT_MAX,
  TEXT_FIELD_MAX,
} from './constants';
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
  noSpin: 'This number has not spun the wheel yet.',
  spinPreviewLimit: 'Too many spins from this network. Please try again later.',
  clientCodeLimit: 'Too many codes requested from this network. Please try again later.',
  clientLookupLimit: 'Too many lookups from this network. Please try again later.',
  notViaSite: 'Requests must come through the site.',
  codeNotAuthorized: 'Please request a code through the site.',
  previewNotOffered: 'Spins are drawn after verification in this game.',
  challengeInvalid: 'The spin check failed or expired. Please spin again.',
  otpChallengeInvalid: 'The sign-in check failed or expired. Please try again.',
  spinBusy: 'The prize draw is busy. Please try again.',
  passwordPolicy: 'The new password does not meet the password policy (at least 6 characters).',
  accountNotFound: 'The staff account does not exist.',
  insightsRange: 'Choose a range of up to 366 days whose start is not after its end.',
});

/**
 * Labels and copy of the staff screens (/login, /operator-login, /dashboard), which may say more
 * than the product requires. Required headings, column names and button labels are word for word.
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
  // Dashboard (docs/product.md)
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
  expired: 'Expired',
  validUntil: (when: string) => `Valid until ${when}`,
  expiredOn: (when: string) => `Expired ${when}`,
  redeemedByAt: (by: string, when: string) => `Redeemed by ${by}, ${when}`,
  confirmTitle: 'Confirm Action',
  confirmQuestion: (phone: string, offer: string) =>
    `Mark the offer "${offer}" for ${phone} as redeemed? This cannot be undone.`,
  confirmCheckPhone:
    'Before you confirm, ask to see the win on the customer’s phone: the same prize, for this number.',
  conditionLabel: (condition: string) => `Condition: ${condition}`,
  unredeemedOnly: 'Unredeemed only',
  noUnredeemed: 'Nothing left to redeem.',
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

/**
 * Labels and hints of the admin area (docs/product.md). Admin pages may say more than the required text; the required words come first.
 */
export const ADMIN_TEXT = Object.freeze({
  areaTitle: 'Spin & Win Admin',
  loginTitle: 'Admin Login',
  menu: 'Menu',
  navLabel: 'Admin',
  businessSettings: 'Business Settings',
  gameSettings: 'Game Settings',
  adminPassword: 'Admin password',
  operatorPassword: 'Operator password',
  logout: 'Logout',
  loading: 'Loading...',
  save: 'Save',
  saving: 'Saving...',
  // Business Settings fields
  businessName: 'Business name',
  logo: 'Logo',
  logoHint: 'PNG, JPEG, WebP or GIF, up to 2 MB. Press Save to publish it.',
  logoPreview: 'Logo preview',
  uploading: 'Uploading...',
  website: 'Website',
  email: 'Email',
  phoneNumber: 'Phone',
  mapsUrl: 'Maps link',
  facebookUrl: 'Facebook URL',
  instagramUrl: 'Instagram URL',
  tiktokUrl: 'TikTok URL',
  uberEatsUrl: 'Uber Eats URL',
  // Game Settings
  slices: 'Slices',
  addSlice: 'Add Slice',
  maxSlicesReached: 'Max Slices Reached',
  noSlices: 'No slices yet. Click "Add Slice" to create one.',
  previewColumn: 'Preview',
  nameColumn: 'Name',
  commentColumn: 'Comment',
  colorColumn: 'Color',
  oddsColumn: 'Odds',
  stockColumn: 'Stock',
  actionsColumn: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  unlimited: 'Unlimited',
  outOfStock: 'Out of stock',
  addSliceTitle: 'Add Slice',
  editSliceTitle: 'Edit Slice',
  sliceName: 'Name',
  sliceComment: 'Comment/Condition',
  sliceBgColor: 'Background Color',
  sliceColorPicker: 'Pick background color',
  sliceWeight: 'Odds (weight)',
  sliceWeightHint:
    'A whole number: a slice with odds 2 is drawn twice as often as one with odds 1.',
  sliceStock: 'Stock',
  sliceStockHint:
    'How many may still be won. Leave empty for unlimited; at 0 the prize is never drawn.',
  sliceValidDays: 'Valid for (days)',
  sliceValidDaysHint:
    'How many days a winner has to claim the prize in store. Leave empty for no expiry.',
  noExpiry: 'No expiry',
  validColumn: 'Valid for',
  validDaysShort: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
  cancel: 'Cancel',
  add: 'Add',
  update: 'Update',
  wheelSettings: 'Wheel settings',
  wheelPreview: 'Wheel preview',
  wheelColors: 'Wheel colours',
  wheelColorsHint:
    'Slices left at white (#ffffff) take these colours in turn, in the order of the list above; with no colours here, the default ones.',
  addColor: 'Add colour',
  removeColor: 'Remove',
  colorText: 'Colour',
  colorPicker: 'Pick colour',
  spinMode: 'Spin mode',
  spinModeVerifyFirst: 'Verify before spin',
  spinModeSpinFirst: 'Spin first, verify to claim',
  spinModeSpinFirstHint:
    'Spin first lets a determined visitor spin again (in another browser, or after clearing it) until a prize they like comes up; verify before spin gives each number one draw.',
  saveWheelSettings: 'Save wheel settings',
  // Insights
  insights: 'Insights',
  funnelChart: 'Where visitors drop off',
  funnelSummary: (steps: string) => `From visits to redemptions: ${steps}.`,
  funnelStepColumn: 'Step',
  funnelCountColumn: 'Count',
  funnelKeptColumn: 'Kept from the step before',
  funnelKept: (share: string) => `${share} kept`,
  /** The funnel's steps by name (types.ts FUNNEL_STEPS), in the chart, its table and the CSV. */
  funnelSteps: {
    visits: 'Visits',
    codesSent: 'Codes sent',
    verified: 'Verified',
    spins: 'Spins',
    redeemed: 'Redeemed',
  },
  funnelHint:
    'Visits are wheel page loads; codes sent count every SMS (a resend too); verified counts each number once.',
  downloadDailyCsv: 'Download daily figures (CSV)',
  insightsRange: 'Days',
  insightsFrom: 'From',
  insightsTo: 'To',
  insightsShow: 'Show',
  insightsLoadFailed: 'Could not load the insights. Please try again.',
  totalSpins: 'Spins',
  totalRedeemed: 'Redeemed',
  totalRedemptionRate: 'Redemption rate',
  totalCodesSent: 'Codes sent',
  totalSmsCost: 'Estimated SMS cost',
  totalPreviewsPerClaim: 'Previews per claim',
  smsCostHint: (price: string) => `Codes sent x ${price} per SMS.`,
  notAvailable: '-',
  perDayChart: 'Spins and redemptions per day',
  perDaySummary: (from: string, to: string, spins: number, redeemed: number) =>
    `From ${from} to ${to}: ${spins} spins and ${redeemed} redemptions.`,
  perPrizeChart: 'Wins per prize against the odds',
  perPrizeSummary: 'Each prize: its share of the wins beside its share of the odds.',
  shareOfWins: 'Share of wins',
  shareOfOdds: 'Share of odds',
  showTable: 'Show the figures as a table',
  dayColumn: 'Day',
  prizeColumn: 'Prize',
  winsColumn: 'Wins',
  deletedPrize: (name: string) => `${name} (deleted)`,
  eraseHeading: 'Erase a customer',
  eraseHint:
    'On a customer’s request: their record and sign-in go, and their number is kept only as a one-way code so it cannot win again.',
  eraseLabel: 'Phone number',
  erase: 'Erase',
  erasing: 'Erasing...',
  eraseConfirm: (phone: string) =>
    `Erase everything stored about ${phone}? This cannot be undone, and the number cannot win again.`,
  erased: (phone: string) => `${phone} was erased.`,
  eraseFailed: 'Could not erase the number. Please try again.',
  downloadCsv: 'Download CSV',
  preparingCsv: 'Preparing...',
  csvFailed: 'Could not prepare the CSV. Please try again.',
  // Account settings
  newPassword: 'New Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  passwordNextLogin: 'The new password is needed from the next login.',
  username: 'Username',
  password: 'Password',
  login: 'Login',
});

/** "12.5%" style odds text for the admin table. */
export const formatOddsPercent = (percent: number): string =>
  `${percent.toFixed(percent === 0 || percent === 100 ? 0 : 1)}%`;

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

/** Field messages of the business and game settings forms (and their API answers). */
export const SETTINGS_FIELD_MESSAGES = Object.freeze({
  urlInvalid: 'Enter a full web address starting with https:// or http://',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a phone number using digits, spaces, + ( ) or -',
  logoInvalid: 'Logo must be an uploaded image',
  colorsInvalid: 'Colours must be a list of 1 to 20 colours like #ff0000',
  tooLong: `Text cannot exceed ${TEXT_FIELD_MAX} characters`,
});

/** Field messages of the prize (slice) form (and its API answers). */
export const SLICE_FIELD_MESSAGES = Object.freeze({
  nameRequired: 'Name is required',
  colorInvalid: 'Background Color must be a colour like #ff0000',
  weightInvalid: `Odds must be a whole number from 1 to ${SLICE_WEIGHT_MAX}`,
  stockInvalid: 'Stock must be empty or a whole number of 0 or more',
  commentTooLong: `Comment cannot exceed ${SLICE_COMMENT_MAX} characters`,
  imageInvalid: 'Image must be a path starting with / or an https URL',
  validDaysInvalid: `Valid for must be empty or a whole number of days from 1 to ${SLICE_VALID_DAYS_MAX}`,
});

/** Field messages of the staff sign-in form. */
export const LOGIN_FIELD_MESSAGES = Object.freeze({
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
});

/** Password texts beyond the required ones in MESSAGES. */
export const PASSWORD_TEXT = Object.freeze({
  tooLong: `Password cannot exceed ${PASSWORD_MAX} characters`,
});
