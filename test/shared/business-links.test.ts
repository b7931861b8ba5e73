/**
 * Business links as owners type them (shared/business-links.ts), through the schema the page and
 * the server both parse with: the owner's forms become full links, anything else is refused as
 * before.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_FIELD_MESSAGES } from '@shared/messages-fields';
import { businessSettingsInputSchema } from '@shared/settings';

const parse = (input: Record<string, string>) => businessSettingsInputSchema.safeParse(input);

describe('business links as owners type them', () => {
  it.each([
    ['website', 'joespizza.com.au', 'https://joespizza.com.au'],
    ['website', '  www.joespizza.com.au/menu?x=1 ', 'https://www.joespizza.com.au/menu?x=1'],
    ['website', 'http://joespizza.com.au', 'http://joespizza.com.au'],
    ['mapsUrl', 'maps.app.goo.gl/AbC123', 'https://maps.app.goo.gl/AbC123'],
    ['uberEatsUrl', 'ubereats.com/au/store/joes', 'https://ubereats.com/au/store/joes'],
    ['facebookUrl', 'facebook.com/joespizza', 'https://facebook.com/joespizza'],
    ['facebookUrl', '@joespizza', 'https://facebook.com/joespizza'],
    ['instagramUrl', '@joes.pizza_', 'https://instagram.com/joes.pizza_'],
    ['tiktokUrl', '@joespizza', 'https://tiktok.com/@joespizza'],
    ['tiktokUrl', 'https://www.tiktok.com/@joespizza', 'https://www.tiktok.com/@joespizza'],
    ['website', '', ''],
  ])('%s: %j is stored as %j', (field, typed, stored) => {
    const result = parse({ [field]: typed });
    expect(result.success && result.data).toEqual({ [field]: stored });
  });

  it.each([
    ['website', '@joespizza'],
    ['website', 'joes pizza'],
    ['website', 'javascript:alert(1)'],
    ['website', 'joespizza'],
    ['facebookUrl', '@joes pizza'],
    ['uberEatsUrl', 'data:text/html,hi'],
  ])('%s: refuses %j with the field message', (field, typed) => {
    const result = parse({ [field]: typed });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SETTINGS_FIELD_MESSAGES.urlInvalid);
  });
});
