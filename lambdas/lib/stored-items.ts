/**
 * Reading a stored item through its record's schema (docs/architecture.md, "One schema per
 * record"): an item the schema refuses is an error naming its table, its key and what is wrong,
 * never a record filled in with defaults. Keys holding a phone number are masked (docs/security.md).
 */
import type { TableDef } from '@shared/definitions';
import { maskPhone } from '@shared/phone-format';
import type * as z from '@shared/zod';

/** A stored item its schema refuses: bad data, to be found and fixed, not shown. */
class StoredItemError extends Error {
  override readonly name = 'StoredItemError';
}

const keyText = (key: Readonly<Record<string, unknown>>): string =>
  Object.entries(key)
    .map(([name, value]) => {
      const text = String(value);
      return `${name}=${text.startsWith('+') ? maskPhone(text) : text}`;
    })
    .join(', ');

/** The record in `item` as `schema` reads it; throws StoredItemError when the item is bad. */
export function readItem<S extends z.ZodType>(
  schema: S,
  item: Readonly<Record<string, unknown>>,
  table: TableDef['name'],
  key: Readonly<Record<string, unknown>>,
): z.output<S> {
  const result = schema.safeParse(item);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.message}`)
    .join('; ');
  throw badItem(table, key, problems);
}

/** The error for a stored item that is not what its record says, its key masked. */
export const badItem = (
  table: TableDef['name'],
  key: Readonly<Record<string, unknown>>,
  problems: string,
): Error => new StoredItemError(`bad ${table} item (${keyText(key)}): ${problems}`);
