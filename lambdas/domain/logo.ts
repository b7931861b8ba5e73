/**
 * Logo upload rules, pure and unit-tested through checkLogo: what kind of image the bytes really are (never trusting
 * the Content-Type header or the file name), the size cap, and a safe object name.
 */
import { LOGO_MAX_BYTES, LOGO_NAME_MAX } from '@shared/constants';
import { AppError, badRequest } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';

/** The raster formats a browser shows as an <img> without running code. SVG is deliberately absent. */
export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** Content type stored with the object, chosen from the sniffed kind. */
const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = Object.freeze({
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;
const GIF87A = 'GIF87a';
const GIF89A = 'GIF89a';
/** WebP is a RIFF container: "RIFF", 4 bytes of length, then "WEBP". */
const RIFF = 'RIFF';
const WEBP = 'WEBP';
const WEBP_TAG_OFFSET = 8;

const startsWithBytes = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The image kind of a byte buffer from its magic bytes, or undefined for anything else (HTML,
 * SVG, PDF, text, a truncated header...).
 */
function sniffImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (startsWithBytes(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWithBytes(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWithBytes(bytes, ascii(GIF87A)) || startsWithBytes(bytes, ascii(GIF89A))) return 'gif';
  if (startsWithBytes(bytes, ascii(RIFF)) && startsWithBytes(bytes, ascii(WEBP), WEBP_TAG_OFFSET))
    return 'webp';
  return undefined;
}

/** Used when the original name is missing or nothing of it survives sanitising. */
const LOGO_FALLBACK_NAME = 'logo';

const EXTENSIONS: Readonly<Record<ImageKind, readonly string[]>> = Object.freeze({
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
});

/**
 * A safe object name from the browser's original file name: the last path segment only, letters,
 * digits, dot, dash and underscore (anything else becomes '-'), no leading dots, at most
 * LOGO_NAME_MAX characters, and an extension that matches the sniffed kind, so a renamed file is
 * served under an honest name.
 */
function sanitiseLogoName(original: string | undefined, kind: ImageKind): string {
  let decoded = original ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // not URI-encoded: keep it as sent
  }
  const lastSegment = decoded.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '');
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const stem =
    (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/[.-]+$/, '') || LOGO_FALLBACK_NAME;
  const extension = EXTENSIONS[kind].includes(ext) ? ext : EXTENSIONS[kind][0]!;
  const suffix = `.${extension}`;
  return stem.slice(0, LOGO_NAME_MAX - suffix.length) + suffix;
}

export interface CheckedLogo {
  kind: ImageKind;
  contentType: string;
  /** Object key under LOGO_KEY_PREFIX: "<epoch ms>-<sanitised name>". */
  fileName: string;
}

/**
 * Checks an upload before anything is stored: not empty, at most LOGO_MAX_BYTES, and a PNG, JPEG,
 * GIF or WebP by its bytes. Throws a 400/413/415 AppError with a clear message otherwise.
 */
export function checkLogo(
  bytes: Uint8Array,
  originalName: string | undefined,
  now: Date,
): CheckedLogo {
  if (bytes.length === 0) throw badRequest('LOGO_EMPTY', API_MESSAGES.logoNotImage);
  if (bytes.length > LOGO_MAX_BYTES)
    throw new AppError('LOGO_TOO_LARGE', 413, API_MESSAGES.logoTooLarge);
  const kind = sniffImageKind(bytes);
  if (!kind) throw new AppError('LOGO_NOT_IMAGE', 415, API_MESSAGES.logoNotImage);
  return {
    kind,
    contentType: IMAGE_CONTENT_TYPES[kind],
    fileName: `${now.getTime()}-${sanitiseLogoName(originalName, kind)}`,
  };
}
