import { describe, expect, it } from 'vitest';
import {
  codeMatches,
  digestCode,
  digestFromMetadata,
  digestToMetadata,
  generateOtpCode,
} from '../../../lambdas/domain/otp-code';

describe('otp-code', () => {
  it('draws 6-digit codes spread evenly over every leading digit', () => {
    // Act
    const codes = Array.from({ length: 20_000 }, generateOtpCode);
    // Assess: format, and each leading digit near 1/10 of draws (leading zeros are kept)
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    const firstDigits = new Map<string, number>();
    for (const c of codes) firstDigits.set(c[0]!, (firstDigits.get(c[0]!) ?? 0) + 1);
    expect(firstDigits.size).toBe(10);
    for (const count of firstDigits.values()) expect(count).toBeGreaterThan(1700);
    expect(new Set(codes).size).toBeGreaterThan(19_000);
  });

  it('matches only the exact code, and never a non-6-digit answer', () => {
    const digest = digestCode('012345');
    expect(codeMatches(digest, '012345')).toBe(true);
    expect(codeMatches(digest, '12345')).toBe(false);
    expect(codeMatches(digest, '012346')).toBe(false);
    expect(codeMatches(digest, ' 012345')).toBe(false);
    expect(codeMatches(digest, 12345)).toBe(false);
    expect(codeMatches({ salt: digest.salt, hash: '' }, '012345')).toBe(false);
  });

  it('salts each digest, so the same code never hashes the same twice', () => {
    const a = digestCode('999999');
    const b = digestCode('999999');
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.stringify(a)).not.toContain('999999');
  });

  it('round-trips a digest through challenge metadata and rejects other metadata', () => {
    const digest = digestCode('123456');
    expect(digestFromMetadata(digestToMetadata(digest))).toEqual(digest);
    expect(digestFromMetadata(null)).toBeUndefined();
    expect(digestFromMetadata('CODE#zz#12')).toBeUndefined();
    expect(digestFromMetadata('123456')).toBeUndefined();
  });
});
