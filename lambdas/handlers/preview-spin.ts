/**
 * POST /api/spins/preview (public, spin-first mode): the server draws and returns
 * {sliceId, offer, comment, ticket}; nothing is recorded until the number is verified.
 */
import { spinPreviewRequestSchema } from '../../shared/spin';
import { previewSpin } from '../domain/spin-ticket';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  parseBody(spinPreviewRequestSchema, event);
  return ok(await previewSpin(viewerAddress(event)));
});
