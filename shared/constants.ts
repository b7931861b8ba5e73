/** Business constants and limits (docs/product.md, "Limits and input rules"), each named once. */

/** Local Australian mobile: 10 digits, starting 04. */
export const PHONE_LOCAL_LENGTH = 10;
export const PHONE_LOCAL_PREFIX = '04';
/** Phone prefix check starts once more than this many digits are typed (docs/product.md). */
export const PHONE_PREFIX_CHECK_AFTER = 2;
/** Australian country code: sent as +61 without the leading 0. */
export const AU_COUNTRY_CODE = '+61';

export const OTP_LENGTH = 6;
/** Seconds before "Resend" is offered again. */
export const RESEND_COUNTDOWN_SECONDS = 60;

export const MAX_SLICES = 10;
export const SLICE_NAME_MAX = 16;
export const PASSWORD_MIN = 6;
/** Longest password Cognito accepts. */
export const PASSWORD_MAX = 256;
export const DEFAULT_SLICE_COLOR = '#ffffff';

/** Win popup opens this long after the wheel rests. */
export const WIN_POPUP_DELAY_MS = 300;
/** The spin-state flag clears this long after rest. */
export const SPIN_STATE_CLEAR_MS = 2000;
/** The green verification banner shows this long. */
export const VERIFICATION_BANNER_MS = 2000;
/**
 * While the win popup of a prize still to redeem is open and the page visible, the page asks for
 * the prize this often, so it shows "Redeemed" within 3 s of staff redeeming it (docs/capacity.md).
 */
export const REDEEMED_POLL_MS = 2000;

/** Initial partial shuffle of slice order on the wheel page: 1 to 3 swaps, about a third of the count. */
export const SHUFFLE_MIN_SWAPS = 1;
export const SHUFFLE_MAX_SWAPS = 3;

/** Slice odds: whole-number weight. Default 1, capped so totals stay small integers. */
export const SLICE_WEIGHT_DEFAULT = 1;
export const SLICE_WEIGHT_MAX = 1000;
/** Optional stock: how many of a prize may still be won. */
export const SLICE_STOCK_MAX = 1_000_000;

/** Optional prize validity: a win can be redeemed for this many days (empty: no expiry). */
export const SLICE_VALID_DAYS_MAX = 365;
/** Days of the promotion (insights, prize expiry dates) are the business's days, in this zone. */
export const BUSINESS_TIME_ZONE_DEFAULT = 'Australia/Sydney';

/** Insights: the range shown by default and the longest range. */
export const INSIGHTS_DEFAULT_DAYS = 1;
export const INSIGHTS_MAX_DAYS = 366;
/**
 * The one SMS price: USD per message to an Australian mobile (AWS End User Messaging SMS list
 * price, which SNS bills; https://aws.amazon.com/end-user-messaging/pricing/, read November
 * 2025). The deploy option smsPriceUsd overrides it; the Insights estimate, the capacity bill
 * (bench/capacity.ts, docs/capacity.md, README) and the preflight's expected month all use it.
 */
export const SMS_PRICE_USD_DEFAULT = 0.0515;
/**
 * Money shown to the owner: their currency and what one USD is worth in it, on the date the rate
 * was read (the deploy options `currency`, `usdRate` and `usdRateDate` override all three).
 * Default: AUD at 1.53 to the USD, about the rate in mid-November 2025; a deployment sets its own.
 */
export const OWNER_CURRENCY_DEFAULT = 'AUD';
export const USD_RATE_DEFAULT = 1.53;
export const USD_RATE_DATE_DEFAULT = '2025-11-14';

/** Comment and URL field caps: generous, but bounded so one request cannot bloat an item. */
export const SLICE_COMMENT_MAX = 200;
export const TEXT_FIELD_MAX = 500;
export const BUSINESS_NAME_MAX = 100;

/** Logo upload: PNG, JPEG, WebP or GIF, at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Longest sanitised logo file name kept in the object key (the timestamp prefix comes on top). */
export const LOGO_NAME_MAX = 80;

/** Dashboard list page size (docs/product.md: 50 rows a page). */
export const USERS_PAGE_SIZE = 50;

/**
 * SMS cost guard (docs/architecture.md, "SMS limits"): per number per minute/hour/day, plus
 * deployment-wide caps an hour and a day (UTC). The day's cap is what an attacker who keeps the
 * hourly cap spent can cost in a day (docs/security.md, "The day and the month").
 */
export const SMS_LIMIT_PER_MINUTE = 1;
export const SMS_LIMIT_PER_HOUR = 5;
export const SMS_LIMIT_PER_DAY = 10;
export const SMS_GLOBAL_HOURLY_CAP_DEFAULT = 500;
export const SMS_GLOBAL_DAILY_CAP_DEFAULT = 1000;

/**
 * Per-client hourly budgets (lambdas/domain/client-budgets.ts): the codes one client may ask for
 * (the default of the `clientCodesPerHour` deploy option), its "does this number have a reward?"
 * lookups (POST /api/users/exists and POST /api/otp/start; or its code budget if that is larger)
 * and its spin-first previews.
 */
export const CLIENT_CODES_PER_HOUR_DEFAULT = 20;
/**
 * An IPv6 /48 (a business line or a site: 256 /56 clients) may ask for this many times one
 * client's hourly codes, all its /56s together (lambdas/domain/client-budgets.ts).
 */
export const IPV6_NETWORK_CODES_FACTOR = 1.5;
export const CLIENT_LOOKUPS_PER_HOUR = 30;
export const CLIENT_PREVIEWS_PER_HOUR = 10;
/**
 * A connection the admin trusts (the shop's own Wi-Fi, lambdas/domain/client-budgets.ts): the
 * codes it may ask for an hour (or the deployment's per-client budget, when that is larger), and
 * how many connections may be trusted at once. The number's and the deployment's SMS budgets
 * still apply to every code.
 */
export const TRUSTED_CLIENT_CODES_PER_HOUR = 200;

/**
 * Staff sign-in (POST /api/staff/sign-in, docs/security.md "Staff sign-in"): the wrong passwords
 * for one username that may reach Cognito from untrusted addresses, all of them together, since
 * the last right one or the last 15 quiet minutes. Cognito locks the user from its 5th failure in
 * a row, so strangers' guesses leave it 2 for the staff's own typos.
 */
export const STAFF_UNTRUSTED_FAILURES_IN_A_ROW = 3;
/** Wrong staff passwords one address may send in an hour (a trusted connection: the second figure). */
export const STAFF_SIGN_IN_FAILURES_PER_HOUR = 10;
export const TRUSTED_STAFF_SIGN_IN_FAILURES_PER_HOUR = 30;
/** Spin-first previews a trusted connection may draw an hour (as many as its codes). */
export const TRUSTED_CLIENT_PREVIEWS_PER_HOUR = 200;
/**
 * Spin-first previews the whole deployment draws in an hour (the default of the
 * `previewHourlyCap` deploy option): twice the SMS hourly cap, as a visitor who verifies needs one
 * preview and one code, so a crowd that the SMS cap lets through is never stopped here first,
 * while the draws an attacker can make, from any number of addresses, stay bounded.
 */
export const PREVIEW_HOURLY_CAP_DEFAULT = 2 * SMS_GLOBAL_HOURLY_CAP_DEFAULT;
export const TRUSTED_CONNECTIONS_MAX = 5;
/**
 * Codes one client may ask for one number in an hour: fewer than the number's own hourly SMS
 * budget, so no single address can spend it all and lock the number's owner out.
 */
export const CLIENT_CODES_PER_NUMBER_PER_HOUR = SMS_LIMIT_PER_HOUR - 2;
/**
 * Sign-in keys (one per POST /api/otp/start): a waiting grant keeps the keys of the latest
 * GRANT_SIGN_IN_KEYS otp/starts for the number, and the code it sends arms them; a code sent
 * moments ago arms the keys of later otp/starts whose sign-ins reuse it, up to
 * CODE_SIGN_IN_KEYS_MAX keys in all. Each key allows OTP_MAX_ATTEMPTS answers, so these bound the
 * guesses at a code (and, with the number's SMS budgets, at a number's codes in an hour and a
 * day), while a key whose otp/start sent nothing costs the number nothing
 * (lambdas/domain/sign-in-key.ts).
 */
export const GRANT_SIGN_IN_KEYS = 3;
export const CODE_SIGN_IN_KEYS_MAX = 6;

/** Largest JSON request body any route accepts; bigger bodies are refused before parsing. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/** Wrong code answers allowed in one sign-in session before it fails. */
export const OTP_MAX_ATTEMPTS = 3;

/** Default wheel background colours, in the required order. */
export const DEFAULT_ITEM_BACKGROUND_COLORS: readonly string[] = Object.freeze([
  '#9be89b', // light green
  '#f0506e', // pink-red
  '#fbd0da', // pale pink
  '#1f9e9a', // teal
  '#4cd137', // bright green
  '#ff9f1c', // orange
  '#22d3ee', // cyan
  '#e040fb', // magenta
]);

/** How a visitor reaches the prize: verify the number first, or spin first and verify to claim. */
export const SPIN_MODES = ['verify-first', 'spin-first'] as const;
export type SpinMode = (typeof SPIN_MODES)[number];

/** Game settings before an admin saves any (their schema: shared/settings.ts). */
export const DEFAULT_GAME_SETTINGS: Readonly<{
  itemBackgroundColors: string[];
  spinMode: SpinMode;
}> = Object.freeze({
  itemBackgroundColors: [...DEFAULT_ITEM_BACKGROUND_COLORS],
  spinMode: 'verify-first',
});

/** A stored or received spin mode as the game plays it: anything unknown is the default. */
export const spinModeOf = (value: unknown): SpinMode =>
  SPIN_MODES.find((mode) => mode === value) ?? DEFAULT_GAME_SETTINGS.spinMode;

/**
 * How long a function uses a secret it read from Secrets Manager before asking again
 * (lambdas/lib/secrets.ts): the longest a warm function goes on refusing a newly rotated origin
 * secret, hence the wait in the rotation steps (docs/operations.md, "Rotating the origin secret").
 */
export const SECRETS_MAX_AGE_S = 300;
