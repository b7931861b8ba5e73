/** Table names, from the env the CDK stack (or the local stack) sets; see env.ts for when it is read. */
import { tableEnvName, type TableDef } from '@shared/definitions';
import { requireEnv } from './env';

/** The physical table name of a logical table, e.g. tableName('customers') from CUSTOMERS_TABLE. */
export const tableName = (name: TableDef['name']): string => requireEnv(tableEnvName(name));
