/**
 * GET /api/wheel (public): business settings, game settings and the slices' public fields in one
 * round trip for the wheel page. Odds and stock figures stay private: a slice only says whether it
 * is gone. The first call of a client in a business day counts one visit for the owner's insights
 * (domain/visits.ts: nothing about the visitor kept), written alongside the reads, never before
 * them, and never failing the page.
 */
import type { PublicSlice, WheelResponse } from '@shared/types';
import { http, ok } from '../lib/http';
import { warnOnFailure } from '../lib/logger';
import { getBusinessSettings, getGameSettings } from '../repositories/settings';
import { listSlices } from '../repositories/slices';
import { countVisit } from '../domain/visits';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  const client = viewerAddress(event);
  const [business, game, slices] = await Promise.all([
    getBusinessSettings(),
    getGameSettings(),
    listSlices(),
    countVisit(client, new Date()).catch(warnOnFailure('could not count the visit')),
  ]);
  const body: WheelResponse = {
    business,
    game,
    slices: slices.map((s): PublicSlice => ({
      id: s.id,
      name: s.name,
      imageSrc: s.imageSrc,
      comment: s.comment,
      bgColor: s.bgColor,
      soldOut: s.stock === 0,
    })),
  };
  return ok(body);
});
