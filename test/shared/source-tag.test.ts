/**
 * Source tags (shared/source-tag.ts): the one rule for what a placement's tag may be, and the link
 * that carries it.
 */
import { describe, expect, it } from 'vitest';
import { parseSourceTag, SOURCE_PARAM, sourceLink, STANDARD_SOURCES } from '@shared/source-tag';

describe('source tags', () => {
  it.each(STANDARD_SOURCES)('the standard placement %s is a tag', (tag) => {
    expect(parseSourceTag(tag)).toBe(tag);
  });

  it.each([
    ['  Poster ', 'poster'],
    ['summer-flyer-2026', 'summer-flyer-2026'],
    ['Flyer-March', 'flyer-march'],
    ['table-12', 'table-12'],
    ['a', 'a'],
    ['x'.repeat(24), 'x'.repeat(24)],
  ])('%j is read as %j', (raw, tag) => {
    expect(parseSourceTag(raw)).toBe(tag);
  });

  it.each([
    [''],
    ['   '],
    ['x'.repeat(25)],
    ['two words'],
    ['-poster'],
    ['poster-'],
    ['a--b'],
    ['café'],
    ['poster?x=1'],
    ['0412345678@x'],
    ['0412345678'],
    ['call-61412345678'],
    ['12345'],
    ['<script>'],
    [42],
    [null],
    [undefined],
    [['poster']],
  ])('%j is no tag', (raw) => {
    expect(parseSourceTag(raw)).toBeNull();
  });

  it('a placement link keeps the page address and carries the tag in one short parameter', () => {
    expect(SOURCE_PARAM.length).toBeLessThanOrEqual(2);
    const link = sourceLink('https://joespizza.example/', 'card');
    expect(link).toBe(`https://joespizza.example/?${SOURCE_PARAM}=card`);
    expect(parseSourceTag(new URL(link).searchParams.get(SOURCE_PARAM))).toBe('card');
    expect(sourceLink('https://joespizza.example/?s=old', 'Poster')).toBe(
      'https://joespizza.example/?s=poster',
    );
  });

  it('refuses to build a link with a tag that breaks the rule', () => {
    expect(() => sourceLink('https://joespizza.example/', 'two words')).toThrow(RangeError);
  });
});
