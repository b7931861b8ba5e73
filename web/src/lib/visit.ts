/**
 * What the wheel page tells the server about its visit (shared/visit.ts): an anonymous id this
 * browser makes once and keeps (random, never tied to a number), and the source tag of the
 * placement it was opened from (shared/source-tag.ts). The tag is kept beside the page's own
 * state, so it survives the SMS round trip and a reload; a link with another tag replaces it.
 */
import { parseSourceTag, SOURCE_PARAM } from '@shared/source-tag';
import { VISIT_DEVICE_HEADER, VISIT_SOURCE_HEADER } from '@shared/visit';

const DEVICE_KEY = 'spinwin.device';
const SOURCE_KEY = 'spinwin.source';
const DEVICE_ID_BYTES = 16;

/** The page's storage, or undefined where the browser refuses it (some private modes). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's visit id, made the first time (none where storage is refused). */
function visitDevice(): string | undefined {
  const store = storage();
  if (!store) return undefined;
  try {
    const kept = store.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = newDeviceId();
    store.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return undefined;
  }
}

/** The placement's tag: the page address's, kept for later; else the one kept before. */
export function visitSource(): string | undefined {
  const store = storage();
  const fromLink = parseSourceTag(new URLSearchParams(location.search).get(SOURCE_PARAM));
  try {
    if (fromLink) store?.setItem(SOURCE_KEY, fromLink);
    return fromLink ?? parseSourceTag(store?.getItem(SOURCE_KEY)) ?? undefined;
  } catch {
    return fromLink ?? undefined;
  }
}

/** The headers GET /api/wheel carries: the visit id and the source tag, where there are any. */
export function visitHeaders(): Record<string, string> {
  const device = visitDevice();
  const source = visitSource();
  return {
    ...(device ? { [VISIT_DEVICE_HEADER]: device } : {}),
    ...(source ? { [VISIT_SOURCE_HEADER]: source } : {}),
  };
}
