import { describe, expect, it } from 'vitest';
import { checkLogo } from '../../../lambdas/domain/logo';
import { LOGO_MAX_BYTES, LOGO_NAME_MAX } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const GIF = bytes('GIF89a', [1, 0, 1, 0]);
const NOW = new Date('2026-01-02T03:04:05.678Z');
const IMAGE_OF = { png: PNG, jpeg: JPEG, gif: GIF, webp: WEBP } as const;

/** The name checkLogo keeps for an upload of `kind` named `original`, without the time prefix. */
function keptName(original: string | undefined, kind: keyof typeof IMAGE_OF): string {
  const { fileName } = checkLogo(IMAGE_OF[kind], original, NOW);
  expect(fileName.startsWith(`${NOW.getTime()}-`)).toBe(true);
  return fileName.slice(`${NOW.getTime()}-`.length);
}

describe('image kind (magic bytes)', () => {
  it.each([
    ['png', PNG],
    ['jpeg', JPEG],
    ['gif', GIF],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', WEBP],
  ])('recognises %s by its magic bytes', (kind, data) => {
    expect(checkLogo(data, 'logo', NOW).kind).toBe(kind);
  });

  it.each([
    ['SVG', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', PNG.slice(0, 7)],
    ['GIF90a', bytes('GIF90a')],
    ['empty bytes', new Uint8Array()],
  ])('refuses %s', (_, data) => {
    expect(() => checkLogo(data, 'logo.png', NOW)).toThrow(API_MESSAGES.logoNotImage);
  });
});

describe('logo file name', () => {
  it.each([
    ['logo.png', 'png', 'logo.png'],
    ['My Logo (final).PNG', 'png', 'My-Logo-final.png'],
    ['../../etc/passwd.png', 'png', 'passwd.png'],
    ['C:\\Users\\me\\shop.jpg', 'jpeg', 'shop.jpg'],
    ['shop.jpeg', 'jpeg', 'shop.jpeg'],
    ['evil.html', 'png', 'evil.png'],
    ['page.png', 'gif', 'page.gif'],
    ['.hidden', 'webp', 'hidden.webp'],
    ['bad\u0000\u001fname\r\n.png', 'png', 'bad-name.png'],
    ['%F0%9F%8D%94%20burger.png', 'png', 'burger.png'],
    ['', 'png', 'logo.png'],
    [undefined, 'png', 'logo.png'],
    ['....', 'gif', 'logo.gif'],
  ] as const)('turns %j into a safe name', (original, kind, expected) => {
    expect(keptName(original, kind)).toBe(expected);
  });

  it('caps the length and keeps the extension', () => {
    const name = keptName(`${'a'.repeat(300)}.png`, 'png');
    expect(name).toHaveLength(LOGO_NAME_MAX);
    expect(name.endsWith('.png')).toBe(true);
  });
});

describe('checkLogo', () => {
  it('names the file with the timestamp and original name and takes the type from the bytes', () => {
    expect(checkLogo(PNG, 'shop%20logo.png', NOW)).toEqual({
      kind: 'png',
      contentType: 'image/png',
      fileName: `${NOW.getTime()}-shop-logo.png`,
    });
    expect(checkLogo(WEBP, 'pic.png', NOW).contentType).toBe('image/webp');
  });

  it('refuses empty, too large and non-image uploads with clear errors', () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG);
    expect(() => checkLogo(new Uint8Array(), 'a.png', NOW)).toThrow(API_MESSAGES.logoNotImage);
    expect(() => checkLogo(big, 'a.png', NOW)).toThrow(
      expect.objectContaining({ status: 413, message: API_MESSAGES.logoTooLarge }),
    );
    expect(() => checkLogo(bytes('<svg/>'), 'a.svg', NOW)).toThrow(
      expect.objectContaining({ status: 415, message: API_MESSAGES.logoNotImage }),
    );
  });

  it('accepts an image of exactly the maximum size', () => {
    const max = new Uint8Array(LOGO_MAX_BYTES);
    max.set(JPEG);
    expect(checkLogo(max, 'x.jpg', NOW).kind).toBe('jpeg');
  });
});
