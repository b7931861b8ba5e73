/**
 * Spin-first: the previewed prize is kept on the device until it is claimed, so a reload shows the
 * same prize instead of drawing a new one.
 */
import type { SpinPreview } from '@shared/types';

const STORAGE_KEY = 'spinwin.preview';

export function readSavedPreview(): SpinPreview | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SpinPreview>) : undefined;
    if (
      typeof value?.sliceId === 'string' &&
      typeof value.offer === 'string' &&
      typeof value.comment === 'string' &&
      typeof value.ticket === 'string'
    )
      return value as SpinPreview;
  } catch {
    // unreadable: as if there were none
  }
  return undefined;
}

export const savePreview = (preview: SpinPreview): void =>
  localStorage.setItem(STORAGE_KEY, JSON.stringify(preview));

export const forgetPreview = (): void => localStorage.removeItem(STORAGE_KEY);
