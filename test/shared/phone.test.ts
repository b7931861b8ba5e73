import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { otpStartRequestSchema } from '@shared/phone';
import {
  acceptTypedPhone,
  isInternationalMobile,
  isLocalMobile,
  maskPhone,
  toInternational,
  toLocal,
} from '@shared/phone-format';

describe('acceptTypedPhone', () => {
  it.each([
    ['', '0', { value: '0' }],
    ['0', '04', { value: '04' }],
    ['04', '041', { value: '041' }],
    ['041234567', '0412345678', { value: '0412345678' }],
    // more than 10 digits: rejected silently, the field keeps 10
    ['0412345678', '04123456789', { value: '0412345678' }],
    // non-digits: rejected, no message
    ['04', '04a', { value: '04' }],
    // a space is a separator (the field reads grouped); a leading + starts a country code
    ['04', '04 1', { value: '041' }],
    ['', '+', { value: '+' }],
    // 2 digits are not checked yet; the third digit is
    ['0', '05', { value: '05' }],
    ['05', '051', { value: '05', error: MESSAGES.phoneMustStartWith04 }],
    ['', '123', { value: '', error: MESSAGES.phoneMustStartWith04 }],
    // pasting a whole number is checked the same way
    ['', '0412345678', { value: '0412345678' }],
    ['', '1412345678', { value: '', error: MESSAGES.phoneMustStartWith04 }],
  ])('turns %j + %j into %j', (previous, proposed, expected) => {
    expect(acceptTypedPhone(previous, proposed)).toEqual(expected);
  });

  it('never yields a value that breaks the typing rules, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 14 }),
        fc.string({ maxLength: 14 }),
        (previous, proposed) => {
          const { value } = acceptTypedPhone(previous, proposed);
          if (value === previous) return;
          // Digits by the typing rules, or a country code being typed before the mobile's 4.
          if (/^(\+|\+6|\+61|\+610|006|0061|00610|610)$/.test(value)) return;
          expect(value).toMatch(/^\d{0,10}$/);
          if (value.length > 2) expect(value.startsWith('04')).toBe(true);
        },
      ),
    );
  });
});

describe('phone schemas', () => {
  it('accepts exactly 10 digits starting 04 and says "Please enter a valid phone number" otherwise', () => {
    const parse = (phoneNumber: unknown) =>
      otpStartRequestSchema.shape.phoneNumber.safeParse(phoneNumber);
    expect(parse('0412345678').success).toBe(true);
    for (const bad of ['041234567', '04123456789', '0512345678', '04123a5678', '', ' 0412345678']) {
      const result = parse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.phoneInvalid);
    }
    expect(parse(412345678).error?.issues[0]?.message).toBe(MESSAGES.phoneInvalid);
  });

  it('rejects extra fields in a phone request', () => {
    const altcha = {
      challenge: {
        parameters: {
          algorithm: 'SHA-256',
          nonce: 'a',
          salt: 'b',
          cost: 1,
          keyLength: 32,
          keyPrefix: 'c',
        },
        signature: 'd',
      },
      solution: { counter: 1, derivedKey: 'e' },
    };
    const request = { phoneNumber: '0412345678', altcha };
    expect(otpStartRequestSchema.safeParse(request).success).toBe(true);
    expect(otpStartRequestSchema.safeParse({ ...request, offer: 'x' }).success).toBe(false);
  });
});

describe('phone conversion', () => {
  it('converts 0412345678 to +61412345678 and back', () => {
    expect(toInternational('0412345678')).toBe('+61412345678');
    expect(toLocal('+61412345678')).toBe('0412345678');
  });

  it('round-trips every local mobile', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^04\d{8}$/), (local) => {
        const international = toInternational(local);
        expect(isInternationalMobile(international)).toBe(true);
        expect(toLocal(international)).toBe(local);
      }),
    );
  });

  it('refuses numbers that are not Australian mobiles', () => {
    expect(() => toInternational('0298765432')).toThrow();
    expect(() => toLocal('+442071234567')).toThrow();
    expect(isLocalMobile('0298765432')).toBe(false);
  });
});

describe('maskPhone', () => {
  it('keeps only the country prefix and the last 3 digits', () => {
    expect(maskPhone('+61412345678')).toBe('+614*****678');
    expect(maskPhone('0412345678')).toBe('04*****678');
    expect(maskPhone('12')).toBe('***');
  });

  it('never reveals more than 4 digits of a mobile', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^04\d{8}$/), (local) => {
        const masked = maskPhone(toInternational(local));
        expect(masked.replace(/\D/g, '').length).toBeLessThanOrEqual(6); // 61 + 4 + last 3 minus overlap
        expect(masked).not.toContain(local.slice(2, 7));
      }),
    );
  });
});
