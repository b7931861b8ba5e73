import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { STAFF_TEXT } from '@shared/messages-staff';

/** The product's required wording, kept in the repo as data (docs/required-text.json). */
interface RequiredText {
  messages: string[];
  visitorCopy: string[];
  staffLabels: string[];
  adminLabels: string[];
}
const required = JSON.parse(
  readFileSync(new URL('../../docs/required-text.json', import.meta.url), 'utf8'),
) as RequiredText;

/** The plain strings of a text table, with `{n}` standing for a number argument. */
function texts(table: Readonly<Record<string, unknown>>): Set<string> {
  const out = new Set<string>();
  for (const value of Object.values(table)) {
    if (typeof value === 'string') out.add(value);
    if (typeof value === 'function' && value.length === 1) {
      out.add(String((value as (n: number) => string)(-1)).replace('-1', '{n}'));
    }
  }
  return out;
}

describe('required text', () => {
  it('MESSAGES holds every required message word for word', () => {
    const ours = new Set<string>(Object.values(MESSAGES));
    expect(required.messages.filter((message) => !ours.has(message))).toEqual([]);
  });

  it('MESSAGES holds nothing that is not a required message (others go in API_MESSAGES)', () => {
    const wanted = new Set(required.messages);
    expect(Object.entries(MESSAGES).filter(([, message]) => !wanted.has(message))).toEqual([]);
  });

  it.each([
    ['visitor page', 'visitorCopy', VISITOR_TEXT],
    ['staff screens', 'staffLabels', STAFF_TEXT],
    ['admin area', 'adminLabels', ADMIN_TEXT],
  ] as const)('the %s text holds each required label word for word', (_, key, table) => {
    const ours = texts(table);
    expect(required[key].filter((text) => !ours.has(text))).toEqual([]);
  });
});
