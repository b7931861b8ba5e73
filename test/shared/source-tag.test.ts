import { describe, expect, it } from 'vitest';
import { parseSourceTag, SOURCE_PARAM, sourceLink, STANDARD_SOURCES } from '@shared/source-tag';

describe('source tags', () => {
  it('takes 1-24 characters of a-z, 0-9 and dashes, lowercased, and nothing else', () => {
    for (const tag of STANDARD_SOURCES) expect(parseSourceTag(tag)).toBe(tag);
    expect(parseSourceTag('Flyer-March')).toBe('flyer-march');
    expect(parseSourceTag('x'.repeat(24))).toBe('x'.repeat(24));
    for (const bad of ['', 'x'.repeat(25), '0412 345 678', 'a/b', 'é', '<b>', 42, null, undefined])
      expect(parseSourceTag(bad)).toBeNull();
  });

  it('puts the tag on the wheel link as ?s=', () => {
    expect(SOURCE_PARAM).toBe('s');
    expect(sourceLink('https://spin.example/', 'poster')).toBe('https://spin.example/?s=poster');
  });
});
