import { useEffect, useState } from 'react';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { DEFAULT_GAME_SETTINGS, spinModeOf } from '@shared/constants';
import type { BusinessSettings, WheelResponse } from '@shared/types';
import { wheelColors } from '@shared/wheel-colors';
import { fetchWheel } from '../api/get-wheel';

export type WheelData = WheelResponse;

export type WheelDataState =
  { status: 'loading'; data: WheelData } | { status: 'ready'; data: WheelData };

/** Each empty business field falls back to its placeholder default (docs/product.md). */
function withBusinessFallbacks(business: Partial<BusinessSettings> | undefined): BusinessSettings {
  const out: BusinessSettings = { ...PLACEHOLDER_BUSINESS };
  for (const key of Object.keys(PLACEHOLDER_BUSINESS) as (keyof typeof PLACEHOLDER_BUSINESS)[]) {
    const value = business?.[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}

/** What the page shows before settings load, and if they cannot be loaded. */
const PLACEHOLDER_WHEEL: WheelData = Object.freeze({
  business: withBusinessFallbacks(undefined),
  game: {
    spinMode: DEFAULT_GAME_SETTINGS.spinMode,
    itemBackgroundColors: [...DEFAULT_GAME_SETTINGS.itemBackgroundColors],
  },
  slices: [],
});

/** Waits between attempts to load the wheel: doubling from 1 s, at most 30 s, with jitter. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The delay before attempt `attempt + 1` (attempt 1 failed first), with up to 25 % jitter. */
function wheelRetryDelayMs(attempt: number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + 0.25 * Math.random()));
}

function toWheelData(response: WheelResponse): WheelData {
  const saved = response.game?.itemBackgroundColors;
  const colors = wheelColors(Array.isArray(saved) ? saved : undefined);
  const slices = Array.isArray(response.slices) ? response.slices : [];
  return {
    business: withBusinessFallbacks(response.business),
    game: {
      spinMode: spinModeOf(response.game?.spinMode),
      itemBackgroundColors: [...colors],
    },
    // A sold-out prize can never be drawn: it is left off the wheel. Slices keep their own colour
    // here; the wheel's colours are given in the order the wheel shows them (lib/wheel-items.ts).
    slices: slices.filter((slice) => !slice.soldOut),
  };
}

/**
 * Loads GET /api/wheel. A failure shows no message (docs/product.md): the page stays in its
 * loading state and tries again with backoff, at once when the browser comes back online, until
 * the wheel loads; there is no wheel to spin without it.
 */
export function useWheelData(): WheelDataState {
  const [state, setState] = useState<WheelDataState>({
    status: 'loading',
    data: PLACEHOLDER_WHEEL,
  });
  useEffect(() => {
    const abort = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      clearTimeout(timer);
      timer = undefined;
      attempt += 1;
      fetchWheel(abort.signal)
        .then((response) => setState({ status: 'ready', data: toWheelData(response) }))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          console.error('wheel settings could not be loaded', error);
          timer = setTimeout(load, wheelRetryDelayMs(attempt));
        });
    };
    const retryNow = () => {
      if (timer !== undefined) load();
    };
    window.addEventListener('online', retryNow);
    load();
    return () => {
      abort.abort();
      clearTimeout(timer);
      window.removeEventListener('online', retryNow);
    };
  }, []);
  return state;
}
