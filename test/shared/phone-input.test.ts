import { describe, expect, it } from 'vitest';
import { acceptPhoneInput, normalizePhoneInput } from '@shared/phone-format';

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
    expect(normalizePhoneInput('+61 4')).toBe('+614');
    expect(acceptPhoneInput('04', normalizePhoneInput('04a2')).value).toBe('04');
    expect(normalizePhoneInput('+61 212 345 678')).toBe('+61212345678');
  });

  it('a pasted number is accepted by the phone field', () => {
    expect(acceptPhoneInput('', normalizePhoneInput('+61 412 345 678'))).toEqual({
      value: '0412345678',
    });
  });
});
