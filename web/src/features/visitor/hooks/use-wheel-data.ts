import { useEffect, useState } from 'react';
import {
  DEFAULT_ITEM_BACKGROUND_COLORS,
  PLACEHOLDER_BUSINESS,
} from '../../../../../shared/constants';
import type { BusinessSettings, WheelResponse } from '../../../../../shared/types';
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
  // Not shared/settings' DEFAULT_GAME_SETTINGS: that module brings zod into the wheel page bundle.
  game: {
    spinMode: 'verify-first' as const,
    itemBackgroundColors: [...DEFAULT_ITEM_BACKGROUND_COLORS],
  },
  slices: [],
});

/**
 * Loads GET /api/wheel once. A failure is silently ignored (docs/product.md): the
 * page keeps the placeholder business and the default colours.
 */
export function useWheelData(): WheelDataState {
  const [state, setState] = useState<WheelDataState>({
    status: 'loading',
    data: PLACEHOLDER_WHEEL,
  });
  useEffect(() => {
    const abort = new AbortController();
    fetchWheel(abort.signal)
      .then((response) => {
        const colors = response.game?.itemBackgroundColors;
        setState({
          status: 'ready',
          data: {
            business: withBusinessFallbacks(response.business),
            game: {
              spinMode: response.game?.spinMode === 'spin-first' ? 'spin-first' : 'verify-first',
              itemBackgroundColors:
                Array.isArray(colors) && colors.length > 0
                  ? colors
                  : PLACEHOLDER_WHEEL.game.itemBackgroundColors,
            },
            // A sold-out prize can never be drawn, so the wheel does not show it.
            slices: Array.isArray(response.slices) ? response.slices.filter((s) => !s.soldOut) : [],
          },
        });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('wheel settings could not be loaded', error);
        setState({ status: 'ready', data: PLACEHOLDER_WHEEL });
      });
    return () => abort.abort();
  }, []);
  return state;
}
