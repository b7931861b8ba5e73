/**
 * The staff screens' texts (part of the messages: docs/architecture.md, "Messages"). Their own
 * module so the wheel page's download never carries them: a module imported by the staff and
 * admin routes lands in their chunks only.
 */
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
  searchHint: 'The whole number, or its last 3 or 4 digits.',
  matchesHeading: 'Matching customers',
  matchesSummary: (
    digits: string,
    kinds: { toRedeem: number; redeemed: number; expired: number },
  ) => {
    const count = kinds.toRedeem + kinds.redeemed + kinds.expired;
    return `${count} ${count === 1 ? 'customer' : 'customers'} with a number ending ${digits}: ${kinds.toRedeem} to redeem, ${kinds.redeemed} redeemed, ${kinds.expired} expired.`;
  },
  matchesMore: 'More customers match: search the whole number.',
  wholeNumberLabel: 'The customer’s whole number, to confirm',
  wholeNumberMismatch: 'That is not this customer’s number.',
  wonAt: (when: string) => `Won ${when}`,
  newArrival: 'New',
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
