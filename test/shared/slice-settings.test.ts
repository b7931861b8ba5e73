import { describe, expect, it } from 'vitest';
import { MAX_SLICES } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { SLICE_FIELD_MESSAGES } from '@shared/messages-fields';
import { businessSettingsInputSchema, gameSettingsInputSchema } from '@shared/settings';
import {
  canAddSlice,
  checkSliceName,
  oddsShare,
  rarestPrize,
  sliceIdSchema,
  sliceInputSchema,
} from '@shared/slice';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('slice rules', () => {
  it('requires a name of at most 16 characters, with both required wordings', () => {
    expect(checkSliceName('')).toBe(SLICE_FIELD_MESSAGES.nameRequired);
    expect(checkSliceName('   ')).toBe(SLICE_FIELD_MESSAGES.nameRequired);
    expect(checkSliceName('x'.repeat(16))).toBeUndefined();
    expect(checkSliceName('x'.repeat(17))).toBe('Slice name cannot be longer than 16 characters');
    expect(firstMessage(sliceInputSchema.safeParse({ name: 'x'.repeat(17) }))).toBe(
      'Name cannot exceed 16 characters',
    );
    expect(firstMessage(sliceInputSchema.safeParse({}))).toBe(SLICE_FIELD_MESSAGES.nameRequired);
  });

  it('fills missing text with empty strings, the colour with #ffffff, odds 1, unlimited stock and no expiry', () => {
    expect(sliceInputSchema.parse({ name: 'Free Chips' })).toEqual({
      name: 'Free Chips',
      comment: '',
      imageSrc: '',
      bgColor: '#ffffff',
      weight: 1,
      stock: null,
      validDays: null,
    });
  });

  it('rejects bad colours, odds, stock, image paths and unknown fields', () => {
    const bad = [
      { name: 'a', bgColor: 'red' },
      { name: 'a', bgColor: '#12345' },
      { name: 'a', weight: 0 },
      { name: 'a', weight: 1.5 },
      { name: 'a', weight: '2' },
      { name: 'a', stock: -1 },
      { name: 'a', imageSrc: 'javascript:alert(1)' },
      { name: 'a', imageSrc: '//evil.example/x.png' },
      { name: 'a', isAdmin: true },
    ];
    for (const input of bad) expect(sliceInputSchema.safeParse(input).success).toBe(false);
    expect(
      sliceInputSchema.safeParse({ name: 'a', bgColor: '#ABC', stock: 0, weight: 1000 }).success,
    ).toBe(true);
  });

  it('allows adding below 10 slices only and names the limit message', () => {
    expect(canAddSlice(MAX_SLICES - 1)).toBe(true);
    expect(canAddSlice(MAX_SLICES)).toBe(false);
    expect(MESSAGES.maxSlicesReached).toBe(
      'Maximum number of slices (10) reached. Cannot add more slices.',
    );
  });

  it('gives odds as a share of the in-stock total, and a sold-out prize 0', () => {
    const slices = [
      { weight: 1, stock: null },
      { weight: 3, stock: 5 },
      { weight: 4, stock: 0 },
    ];
    expect(slices.map((s) => oddsShare(s, slices))).toEqual([0.25, 0.75, 0]);
    expect(oddsShare({ weight: 1, stock: 0 }, [{ weight: 1, stock: 0 }])).toBe(0);
  });

  it('leads a poster with the rarest prize that can be won: least odds, then least stock', () => {
    const slice = (name: string, weight: number, stock: number | null) => ({ name, weight, stock });
    expect(
      rarestPrize([slice('Chips', 5, null), slice('Pizza', 1, 20), slice('Gone', 0.5, 0)])?.name,
    ).toBe('Pizza');
    expect(rarestPrize([slice('A', 1, null), slice('B', 1, 3), slice('C', 1, 9)])?.name).toBe('B');
    expect(rarestPrize([slice('Gone', 1, 0)])).toBeUndefined();
  });

  it('accepts only uuid slice ids', () => {
    expect(sliceIdSchema.safeParse('3f2b8c1e-8a4e-4b8e-9a43-2f7c1d2e3b4a').success).toBe(true);
    for (const bad of ['../etc/passwd', '1 OR 1=1', '', 'abc'])
      expect(sliceIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe('settings schemas', () => {
  it('accepts empty or http(s) links and refuses script URLs', () => {
    expect(
      businessSettingsInputSchema.safeParse({
        website: '',
        facebookUrl: 'https://facebook.com/shop',
      }).success,
    ).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x', 'not a url']) {
      expect(businessSettingsInputSchema.safeParse({ website: url }).success).toBe(false);
    }
  });

  it('accepts only uploaded logos, https logos or the placeholder /logo.png', () => {
    expect(
      businessSettingsInputSchema.safeParse({ logoUrl: '/media/business/1-logo.png' }).success,
    ).toBe(true);
    expect(businessSettingsInputSchema.safeParse({ logoUrl: '/logo.png' }).success).toBe(true);
    expect(businessSettingsInputSchema.safeParse({ logoUrl: '/etc/passwd' }).success).toBe(false);
  });

  it('validates email and rejects unknown fields', () => {
    expect(businessSettingsInputSchema.safeParse({ email: 'shop@example.com' }).success).toBe(true);
    expect(businessSettingsInputSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(businessSettingsInputSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('validates game colours and the spin mode', () => {
    expect(
      gameSettingsInputSchema.safeParse({
        itemBackgroundColors: ['#fff', '#00ff00'],
        spinMode: 'spin-first',
      }).success,
    ).toBe(true);
    expect(gameSettingsInputSchema.safeParse({ itemBackgroundColors: ['red'] }).success).toBe(
      false,
    );
    expect(gameSettingsInputSchema.safeParse({ spinMode: 'always-win' }).success).toBe(false);
  });
});
