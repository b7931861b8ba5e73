/**
 * Stored items through DynamoDB-Toolbox (docs/architecture.md, "Stored items"): each kind of item
 * is a toolbox Entity whose attributes are made from its record's zod schema in shared/, so a
 * record's fields are written once. The toolbox builds the expressions (updates from what is sent,
 * conditions, transactions) and checks each item's types on write and on read; the zod schema then
 * reads the item whole (readItem), so bad data is an error naming the item, never a default.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { Condition as EntityCondition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { $set } from 'dynamodb-toolbox/entity/actions/update';
import { DynamoDBToolboxError } from 'dynamodb-toolbox/errors';
import { any } from 'dynamodb-toolbox/schema/any';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import type { Schema } from 'dynamodb-toolbox/schema';
import { string } from 'dynamodb-toolbox/schema/string';
import { Table } from 'dynamodb-toolbox/table';
import { TABLES, type TableDef } from '@shared/definitions';
import type * as z from '@shared/zod';
import { dynamo } from './dynamo-client';
import { badItem, readItem } from './stored-items';
import { tableName } from './tables';

type TableName = TableDef['name'];

const tableCache = new Map<TableName, Table>();

/** The toolbox table of a logical table: its key from TABLES, its name read when first used. */
function tableOf(name: TableName): Table {
  let table = tableCache.get(name);
  if (!table) {
    const def = TABLES.find((t) => t.name === name);
    if (!def) throw new Error(`no table ${name}`);
    table = new Table({
      name: () => tableName(name),
      partitionKey: { name: def.partitionKey, type: 'string' },
      indexes: Object.fromEntries(
        (def.globalSecondaryIndexes ?? []).map((index) => [
          index.indexName,
          {
            type: 'global' as const,
            partitionKey: { name: index.partitionKey, type: 'string' as const },
            sortKey: { name: index.sortKey, type: 'string' as const },
          },
        ]),
      ),
    });
    // The client when a command is sent, not when a module defines its items: the local stack
    // (and a test) points DYNAMODB_ENDPOINT somewhere first, as the repositories always allowed.
    table.getDocumentClient = dynamo;
    tableCache.set(name, table);
  }
  return table;
}

/** The zod field kinds a stored record uses, as the toolbox names them (zod 4's `def`). */
interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
}
const defOf = (field: z.ZodType): ZodDef => (field as unknown as { def: ZodDef }).def;

/** True when a stored item may lack the field (zod fills it in, or it is optional). */
function mayBeAbsent(field: z.ZodType): boolean {
  const def = defOf(field);
  if (def.type === 'optional' || def.type === 'default') return true;
  if (def.type === 'nullable' || def.type === 'readonly') return mayBeAbsent(def.innerType!);
  if (def.type === 'pipe') return mayBeAbsent(def.in!);
  return false;
}

/**
 * The toolbox attribute for a zod field, required or not; the value's own rules (lengths,
 * patterns) stay zod's, checked when the record is read whole.
 */
function attributeOf(field: z.ZodType): Schema {
  const value = valueAttributeOf(field);
  return mayBeAbsent(field) ? optional(value) : value;
}

const optional = (attribute: Schema): Schema =>
  (attribute as unknown as { optional: () => Schema }).optional();

function valueAttributeOf(field: z.ZodType): Schema {
  const def = defOf(field);
  switch (def.type) {
    case 'string':
      return string() as Schema;
    case 'number':
      return number() as Schema;
    case 'boolean':
      return boolean() as Schema;
    case 'null':
      return nul() as Schema;
    case 'optional':
    case 'default':
    case 'readonly':
      return valueAttributeOf(def.innerType!);
    case 'pipe':
      return valueAttributeOf(def.in!);
    case 'nullable':
      return anyOf(valueAttributeOf(def.innerType!) as never, nul());
    case 'enum':
      return literalAttribute(Object.values(def.entries!));
    case 'literal':
      return literalAttribute(def.values!);
    case 'object':
      return map(objectAttributes(def.shape!) as never);
    case 'array':
      return list(valueAttributeOf(def.element!) as never);
    case 'record':
      return record(string(), valueAttributeOf(def.valueType!) as never);
    case 'union':
      return anyOf(...(def.options!.map(valueAttributeOf) as never[]));
    default:
      // A kind the toolbox has no type for (zod's custom checks): zod alone checks it on read.
      return any();
  }
}

function literalAttribute(values: readonly unknown[]): Schema {
  if (values.every((v) => typeof v === 'string')) return string().enum(...(values as string[]));
  if (values.every((v) => typeof v === 'number')) return number().enum(...(values as number[]));
  return any();
}

function objectAttributes(shape: Record<string, z.ZodType>): Record<string, Schema> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [name, attributeOf(field)]),
  );
}

/** A condition on an item's attributes, as the toolbox writes them. */
export type Condition = EntityCondition;

/** A zod object schema: the record a kind of item stores. */
type RecordSchema = z.ZodObject;

/**
 * The entity of one kind of item, with the schema it was made from and the table it is stored in
 * (what getItem reads an item through).
 */
type StoredItem<S extends RecordSchema = RecordSchema> = Entity & {
  readonly record: S;
  readonly storedIn: TableName;
};

/**
 * The entity of one kind of item: its table's key (a string) and the fields of `record`, the zod
 * schema of what the item stores (a record's schema, extended with what only storage holds, such
 * as an expiry time or a list partition). No entity name or timestamps are added to items: they
 * are stored as they always were.
 */
export function defineItem<S extends RecordSchema>(options: {
  name: string;
  table: TableName;
  record: S;
}): StoredItem<S> {
  const table = tableOf(options.table);
  const keyName = table.partitionKey.name;
  const fields = objectAttributes(options.record.shape as Record<string, z.ZodType>);
  // The attributes are known when the module loads, not to TypeScript: the record's zod type
  // is the one the repositories use (readItem, getItem), so the entity is typed loosely here.
  const entity = new Entity({
    name: options.name,
    table,
    schema: item({ ...fields, [keyName]: string().key() } as never),
    entityAttribute: false,
    timestamps: false,
  } as never) as unknown as Entity;
  return Object.assign(entity, { record: options.record, storedIn: options.table });
}

/**
 * One item by its key, read through its record's schema: undefined when there is none; an error
 * naming the table, the key (a phone masked) and the field when what is stored is not the record.
 */
export async function getItem<S extends RecordSchema>(
  stored: StoredItem<S>,
  key: Readonly<Record<string, string>>,
  options: { consistent?: boolean } = {},
): Promise<z.output<S> | undefined> {
  const { Item } = await reading(stored.storedIn, () =>
    stored
      .build(GetItemCommand)
      .key(key as never)
      .options(options)
      .send(),
  );
  return Item === undefined
    ? undefined
    : readItem(stored.record, Item as Record<string, unknown>, stored.storedIn, key);
}

/**
 * An update's fields, each set whole (a list or map replaced, not merged into): the fields not
 * named keep their stored values, whatever fields the record gains. null is a value to store.
 */
export const setFields = (fields: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [
        name,
        value !== null && typeof value === 'object' ? $set(value) : value,
      ]),
  );

/**
 * Runs a read, turning the toolbox's refusal of a stored item (a field of the wrong type, a
 * required one missing) into the error readItem gives: the table, the key (a phone masked) and
 * what is wrong, the same whichever of the two checks found it.
 */
export async function reading<T>(table: TableName, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!DynamoDBToolboxError.match(error, 'formatter.')) throw error;
    const key = (error.payload as { partitionKey?: unknown } | undefined)?.partitionKey;
    throw badItem(table, { [tableOf(table).partitionKey.name]: key }, problemOf(error));
  }
}

/**
 * The field and the rule of a toolbox refusal, written as zod's are ("clients.1.trustedAt: ...").
 * The toolbox's message ends with the key unmasked: only the field and the rule are kept.
 */
function problemOf(error: DynamoDBToolboxError): string {
  const field = (error.path ?? '(item)').replace(/\[(\d+)\]/g, '.$1');
  const message = error.message.replace(/\.? Partition key: .*$/s, '');
  const [, before = message, after = ''] = /^(.*?): '[^']*'\.? ?(.*)$/s.exec(message) ?? [];
  const rule = (after || before).replace(/\.$/, '');
  return `${field}: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;
}

/**
 * A toolbox transaction item as DynamoDB takes it, for a transaction that also holds an item
 * written by hand (the day's counters: repositories/stats.ts says why they are).
 */
export function transactItem(transaction: { params: () => object }): Record<string, unknown> {
  const { ToolboxItem: _item, ...sent } = transaction.params() as Record<string, unknown>;
  return sent;
}
