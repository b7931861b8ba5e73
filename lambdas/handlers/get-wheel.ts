/**
 * GET /api/wheel (public): business settings, game settings and the slices' public fields in one
 * round trip for the wheel page. Odds and stock figures stay private: a slice only says whether it
 * is gone. The first call of a device (the page's anonymous visit id, shared/visit.ts) in a
 * business day counts one visit for the owner's insights, under the placement's source tag if the
 * page sends one (domain/visits.ts: nothing about the visitor kept), written alongside the reads,
 * never before them, and never failing the page. A malformed id or tag is not counted as one.
 */
import type { PublicSlice, WheelResponse } from '@shared/types';
import { parseSourceTag } from '@shared/source-tag';
import { parseVisitDevice, VISIT_DEVICE_HEADER, VISIT_SOURCE_HEADER } from '@shared/visit';
import { http, ok } from '../lib/http';
import { warnOnFailure } from '../lib/logger';
import { getBusinessSettings, getGameSettings } from '../repositories/settings';
import { listSlices } from '../repositories/slices';
import { countVisit } from '../domain/visits';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  const client = viewerAddress(event);
  const device = parseVisitDevice(event.headers?.[VISIT_DEVICE_HEADER]);
  const source = parseSourceTag(event.headers?.[VISIT_SOURCE_HEADER]);
  const [business, game, slices] = await Promise.all([
    getBusinessSettings(),
    getGameSettings(),
    listSlices(),
    countVisit(client, new Date(), device, source).catch(
      warnOnFailure('could not count the visit'),
    ),
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
