/** Staff password and login rules (docs/product.md). */
import * as z from './zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { MESSAGES } from './messages';
import { LOGIN_FIELD_MESSAGES, PASSWORD_TEXT } from './messages-fields';

const USERNAME_MAX = 128;

/** A message for a new password, or undefined when valid. */
export function checkNewPassword(password: string): string | undefined {
  if (password.length === 0) return MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_TEXT.tooLong;
  return undefined;
}

/** Body of PUT /api/accounts/{role}/password. */
export const newPasswordSchema = z.strictObject({
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .min(PASSWORD_MIN, { error: MESSAGES.passwordTooShort })
    .max(PASSWORD_MAX, { error: PASSWORD_TEXT.tooLong }),
});
export type NewPasswordRequest = z.infer<typeof newPasswordSchema>;

/** Login form: both fields required. */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: LOGIN_FIELD_MESSAGES.usernameRequired })
    .max(USERNAME_MAX, { error: MESSAGES.invalidCredentials }),
  password: z
    .string()
    .min(1, { error: LOGIN_FIELD_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX, { error: MESSAGES.invalidCredentials }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Body of POST /api/staff/sign-in: the login form's two fields and nothing else. */
export const staffSignInRequestSchema = z.strictObject(loginSchema.shape);
