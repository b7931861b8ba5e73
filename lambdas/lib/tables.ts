/** Table names, read once from the env the CDK stack (or the local stack) sets. */
import { tableEnvName, type TableDef } from '../../shared/definitions';
import { requireEnv } from './env';

const cache = new Map<TableDef['name'], string>();

/** The physical table name of a logical table, e.g. tableName('customers') from CUSTOMERS_TABLE. */
export function tableName(name: TableDef['name']): string {
  let value = cache.get(name);
  if (value === undefined) {
    value = requireEnv(tableEnvName(name));
    cache.set(name, value);
  }
  return value;
}
