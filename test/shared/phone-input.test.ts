import { describe, expect, it } from 'vitest';
import { acceptTypedPhone, groupPhoneDigits, normalizePhoneInput } from '@shared/phone-format';
import { MESSAGES } from '@shared/messages';

describe('normalizePhoneInput: numbers as people paste them', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['0412-345-678', '0412345678'],
    ['(04) 1234 5678', '0412345678'],
    ['0412.345.678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['+61412345678', '0412345678'],
    ['61412345678', '0412345678'],
    ['0061 412 345 678', '0412345678'],
    ['+61 (0) 412 345 678', '0412345678'],
    ['\u00a00412\u00a0345\u00a0678 ', '0412345678'],
  ])('%j -> %s', (raw, local) => {
    expect(normalizePhoneInput(raw)).toBe(local);
  });

  it('leaves letters and partial numbers for the typing rules to judge', () => {
    expect(normalizePhoneInput('04a2')).toBe('04a2');
    expect(normalizePhoneInput('+61 4')).toBe('04');
    expect(acceptTypedPhone('04', normalizePhoneInput('04a2')).value).toBe('04');
    expect(normalizePhoneInput('+61 212 345 678')).toBe('+61212345678');
  });

  it('a pasted number is accepted by the phone field', () => {
    expect(acceptTypedPhone('', normalizePhoneInput('+61 412 345 678'))).toEqual({
      value: '0412345678',
    });
  });
});

describe('acceptTypedPhone: the phone field, key by key', () => {
  /** The field's value after typing `keys` one at a time, as the field shows it (grouped). */
  const type = (keys: string): { value: string; error?: string } => {
    let state: { value: string; error?: string } = { value: '' };
    for (const key of keys)
      state = acceptTypedPhone(state.value, groupPhoneDigits(state.value) + key);
    return state;
  };

  it.each([
    ['+61 412 345 678', '0412345678'],
    ['+61412345678', '0412345678'],
    ['61 412 345 678', '0412345678'],
    ['0061 412 345 678', '0412345678'],
    ['+61 (0) 412 345 678', '0412345678'],
    ['0412 345 678', '0412345678'],
  ])('takes %j typed key by key as %s', (keys, local) => {
    expect(type(keys)).toEqual({ value: local });
  });

  it('holds a country code while it is typed, and refuses what cannot follow it', () => {
    expect(type('+61')).toEqual({ value: '+61' });
    expect(type('+612')).toEqual({ value: '+61', error: MESSAGES.phoneMustStartWith04 });
    expect(type('051')).toEqual({ value: '05', error: MESSAGES.phoneMustStartWith04 });
    expect(type('04a')).toEqual({ value: '04' });
  });

  it('groups the digits as they are typed, the value staying digits', () => {
    expect(
      ['0', '0412', '04123', '0412345', '04123456', '0412345678'].map(groupPhoneDigits),
    ).toEqual(['0', '0412', '0412 3', '0412 345', '0412 345 6', '0412 345 678']);
    expect(acceptTypedPhone('0412', '0412 3')).toEqual({ value: '04123' });
  });
});
