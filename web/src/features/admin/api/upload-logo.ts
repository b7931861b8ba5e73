/**
 * POST /api/logo (admin): the file's bytes as the body, its name URI-encoded in x-file-name. The
 * server checks the bytes; the browser only pre-checks the type and size to answer faster.
 */
import { LOGO_MAX_BYTES } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages';
import { callRoute } from '../../../lib/api-client';

/** What the file picker offers: the formats the server accepts (no SVG). */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const ACCEPTED_TYPES = new Set(LOGO_ACCEPT.split(','));

/** A message when the browser can already tell the file will be refused, else undefined. */
export function precheckLogo(file: File): string | undefined {
  if (!ACCEPTED_TYPES.has(file.type)) return API_MESSAGES.logoNotImage;
  if (file.size > LOGO_MAX_BYTES) return API_MESSAGES.logoTooLarge;
  return undefined;
}

/** Uploads a logo file; resolves with its public URL (/media/business/...). */
export async function uploadLogo(file: File): Promise<string> {
  const { logoUrl } = await callRoute<{ logoUrl: string }>('upload-logo', {
    body: file,
    headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
  });
  return logoUrl;
}
