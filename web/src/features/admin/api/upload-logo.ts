/**
 * POST /api/logo (admin): the file's bytes as the body, its name URI-encoded in x-file-name. The
 * server checks the bytes (PNG, JPEG, WebP or GIF, at most 2 MB; never SVG).
 *
 * Owners pick what their phone has: a 12-megapixel photo of several MB, or an SVG wordmark. The
 * browser first draws the picture at the size the pages need (LOGO_MAX_SIDE on its longer side)
 * and uploads that: a JPEG stays a JPEG, anything else (an SVG rasterised here included) becomes
 * a PNG, so transparency is kept.
 */
import { LOGO_MAX_BYTES } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

/**
 * The longer side of an uploaded logo, in pixels. The largest use is the printed A4 poster
 * (about 6 cm tall at 300 dpi is 700 px); the wheel page shows it 56 CSS px tall, 168 px on a
 * 3x phone screen.
 */
const LOGO_MAX_SIDE = 720;

const SVG_TYPE = 'image/svg+xml';
/** What the file picker offers: the formats the browser can turn into an upload. */
export const LOGO_ACCEPT = `image/png,image/jpeg,image/webp,image/gif,${SVG_TYPE}`;
const ACCEPTED_TYPES = new Set(LOGO_ACCEPT.split(','));

/** A message when the browser can already tell the file cannot be used, else undefined. */
export function precheckLogo(file: File): string | undefined {
  if (!ACCEPTED_TYPES.has(file.type)) return ADMIN_TEXT.logoNotImage;
  return undefined;
}

/** Thrown when the picture cannot be decoded (a damaged file, a format the browser lacks). */
export class UnreadableLogoError extends Error {
  constructor() {
    super(ADMIN_TEXT.logoUnreadable);
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

async function decode(file: File): Promise<Decoded> {
  if (file.type === SVG_TYPE) {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      URL.revokeObjectURL(url);
      throw new UnreadableLogoError();
    }
    // An SVG with only a viewBox has no size of its own: draw it as a square at the full size.
    const width = image.naturalWidth || LOGO_MAX_SIDE;
    const height = image.naturalHeight || LOGO_MAX_SIDE;
    return { source: image, width, height, release: () => URL.revokeObjectURL(url) };
  }
  try {
    // Phone photos carry their rotation in EXIF; the bitmap is drawn the way up it was taken.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      release: () => bitmap.close(),
    };
  } catch {
    throw new UnreadableLogoError();
  }
}

/** The picture redrawn at most LOGO_MAX_SIDE on its longer side, as a PNG or JPEG file. */
export async function prepareLogo(file: File): Promise<File> {
  const decoded = await decode(file);
  try {
    const scale = Math.min(1, LOGO_MAX_SIDE / Math.max(decoded.width, decoded.height));
    const width = Math.max(1, Math.round(decoded.width * scale));
    const height = Math.max(1, Math.round(decoded.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadableLogoError();
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, width, height);
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, type, 0.88);
    });
    if (!blob) throw new UnreadableLogoError();
    if (blob.size > LOGO_MAX_BYTES) throw new Error(API_MESSAGES.logoTooLarge);
    const base = file.name.replace(/\.[^.]*$/, '') || 'logo';
    return new File([blob], `${base}.${type === 'image/jpeg' ? 'jpg' : 'png'}`, { type });
  } finally {
    decoded.release();
  }
}

/** Uploads a logo file as it is; resolves with its public URL (/media/business/...). */
export async function uploadLogo(file: File): Promise<string> {
  const { logoUrl } = await callRoute<{ logoUrl: string }>(routeOf('upload-logo'), {
    body: file,
    headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
  });
  return logoUrl;
}
