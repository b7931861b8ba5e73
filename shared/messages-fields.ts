/**
 * The staff and admin forms' field messages (part of the messages: docs/architecture.md,
 * "Messages"), also the API's answers to the same fields. Their own module so the wheel page's
 * download never carries them.
 */
import {
  PASSWORD_MAX,
  SLICE_COMMENT_MAX,
  SLICE_VALID_DAYS_MAX,
  SLICE_WEIGHT_MAX,
  TEXT_FIELD_MAX,
} from './constants';

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
