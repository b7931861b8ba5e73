import { describe, expect, it } from 'vitest';
import { checkSearchInput, searchPhoneSchema, searchRequestSchema } from '@shared/dashboard-search';
import { MESSAGES } from '@shared/messages';
import { LOGIN_FIELD_MESSAGES } from '@shared/messages-fields';
import { acceptOtpInput, checkOtpLength } from '@shared/otp-format';
import { checkNewPassword, loginSchema, newPasswordSchema } from '@shared/password';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('OTP rules', () => {
  it.each([
    ['', '1', '1'],
    ['12345', '123456', '123456'],
    ['123456', '1234567', '123456'],
    ['12', '12a', '12'],
    ['12', '12 ', '12'],
  ])('typing %j then %j keeps %j', (previous, proposed, value) => {
    expect(acceptOtpInput(previous, proposed).value).toBe(value);
  });

  it('reports "Incorrect OTP" with the detail "OTP must be 6 characters long"', () => {
    expect(checkOtpLength('123456')).toEqual({ ok: true });
    expect(checkOtpLength('123')).toEqual({
      ok: false,
      error: 'Incorrect OTP',
      detail: 'OTP must be 6 characters long',
    });
  });
});

describe('dashboard search rules', () => {
  it.each([
    ['', undefined],
    ['0412', undefined],
    ['0412345678', undefined],
    ['04a', 'Please enter only numbers'],
    ['04ab', 'Please enter only numbers'],
    ['04123456789', 'Phone number cannot exceed 10 digits'],
    // As staff type or paste them: separators and a country code in progress are fine.
    ['+61', undefined],
    ['0412 345 678', undefined],
    ['0412-345-678', undefined],
    ['+61 412 345 678', undefined],
    ['0061 412 345 678', undefined],
    ['+61 4123 456 789', 'Phone number cannot exceed 10 digits'],
    ['+44 7700 900123', 'Please enter only numbers'],
  ])('checks %j as typed: %s', (value, message) => {
    expect(checkSearchInput(value)).toBe(message);
  });

  it('requires exactly 10 digits to search', () => {
    expect(searchPhoneSchema.safeParse('0412345678').success).toBe(true);
    expect(searchPhoneSchema.safeParse('+61 412 345 678').data).toBe('0412345678');
    expect(searchPhoneSchema.safeParse('0412 345 678').data).toBe('0412345678');
    expect(firstMessage(searchPhoneSchema.safeParse('041234567'))).toBe(
      'Please enter a valid 10-digit phone number',
    );
    expect(firstMessage(searchRequestSchema.safeParse({}))).toBe(
      'Please enter a valid 10-digit phone number',
    );
  });
});

describe('password rules', () => {
  it.each([
    ['', 'Password field is required'],
    ['12345', 'Password must be at least 6 characters long'],
    ['123456', undefined],
    ['x'.repeat(257), 'Password cannot exceed 256 characters'],
  ])('checks %j: %s', (password, message) => {
    expect(checkNewPassword(password)).toBe(message);
    const parsed = newPasswordSchema.safeParse({ password });
    expect(parsed.success).toBe(message === undefined);
    if (message) expect(firstMessage(parsed)).toBe(message);
  });

  it('requires a password field in the body', () => {
    expect(firstMessage(newPasswordSchema.safeParse({}))).toBe(MESSAGES.passwordRequired);
  });

  it('requires both login fields', () => {
    expect(loginSchema.safeParse({ username: 'operator', password: 'x' }).success).toBe(true);
    expect(firstMessage(loginSchema.safeParse({ username: ' ', password: 'x' }))).toBe(
      LOGIN_FIELD_MESSAGES.usernameRequired,
    );
    expect(firstMessage(loginSchema.safeParse({ username: 'a', password: '' }))).toBe(
      LOGIN_FIELD_MESSAGES.passwordRequired,
    );
  });
});
