/**
 * The wheel page's visit id and source tag (web/src/lib/visit.ts): one anonymous id per browser,
 * kept across reloads; the placement's tag taken from the link and kept beside the page's state
 * (so the SMS round trip and a reload keep it), replaced by another link's, never a bad one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseVisitDevice, VISIT_DEVICE_HEADER, VISIT_SOURCE_HEADER } from '@shared/visit';
import { visitHeaders, visitSource } from '../../../web/src/lib/visit';

const openAt = (path: string) => window.history.replaceState(null, '', path);

beforeEach(() => localStorage.clear());
afterEach(() => openAt('/'));

describe('visit id and source tag', () => {
  it('makes one well-formed id per browser and sends the same one on every load', () => {
    openAt('/');
    const first = visitHeaders()[VISIT_DEVICE_HEADER];
    expect(parseVisitDevice(first)).toBe(first);
    expect(visitHeaders()[VISIT_DEVICE_HEADER]).toBe(first);
    // Another browser (its own storage) is another device.
    localStorage.clear();
    expect(visitHeaders()[VISIT_DEVICE_HEADER]).not.toBe(first);
  });

  it("keeps the link's tag after it leaves the address, and takes another link's", () => {
    openAt('/?s=Poster');
    expect(visitHeaders()[VISIT_SOURCE_HEADER]).toBe('poster');
    openAt('/');
    expect(visitSource()).toBe('poster');
    openAt('/?s=card');
    expect(visitSource()).toBe('card');
    openAt('/?s=not%20a%20tag');
    expect(visitSource()).toBe('card');
  });

  it('sends no tag without one', () => {
    openAt('/');
    expect(visitHeaders()).not.toHaveProperty(VISIT_SOURCE_HEADER);
  });
});
