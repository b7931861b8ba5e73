/**
 * GET /api/spins/challenge (public): a fresh proof-of-work challenge; POST /api/spins/preview
 * takes it back solved. Signed and stateless: nothing is stored until it is used.
 */
import { newChallenge } from '../domain/proof-of-work';
import { http, ok } from '../lib/http';

export const handler = http(async () => ok(await newChallenge('preview', Date.now())));
