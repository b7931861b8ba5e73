/**
 * POST /api/spins/preview (public, spin-first games only): {altcha: a solved challenge, holder:
 * the SHA-256 of the browser's ticket secret} -> the server draws and returns {sliceId, offer,
 * comment, ticket}; nothing is recorded until the number is verified. 409 in a verify-first game,
 * 400 for a bad or reused challenge, 429 past the client's, its /48's or the deployment's
 * previews, 403 when not through the site.
 */
import { spinPreviewRequestSchema } from '@shared/spin';
import { previewSpin } from '../domain/spin-ticket';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  const { altcha, holder } = parseBody(spinPreviewRequestSchema, event);
  return ok(await previewSpin(viewerAddress(event), altcha, holder));
});
