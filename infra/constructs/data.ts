/**
 * Data: the DynamoDB tables, built from infra/definitions.ts TABLES (the local stack builds its
 * tables from the same list). On-demand, point-in-time recovery, retained when the stack is deleted.
 */
import type { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLES, tableEnvName, type TableDef } from '@shared/definitions';
import { STATEFUL_REMOVAL_POLICY } from '../stateful';

export type TableName = TableDef['name'];

export interface DataProps {
  /**
   * What happens to the tables when the stack is deleted.
   * @default STATEFUL_REMOVAL_POLICY (infra/stateful.ts: customer records and prizes outlive a mistaken `cdk destroy`)
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * DynamoDB deletion protection on every table: no DeleteTable succeeds, whoever asks (a
   * `cdk destroy` keeps them anyway; this also stops a hand in the console or a replacement). Off on
   * a first deploy: a failed first create must delete the tables to roll back
   * (`-c deletionProtection=true` once live).
   * @default false
   */
  readonly deletionProtection?: boolean;
}

export class Data extends Construct {
  /** Every table, by logical name. */
  public readonly tables: Readonly<Record<TableName, Table>>;
  /** The table definitions, by logical name (for GSI names when granting). */
  public readonly definitions: Readonly<Record<TableName, TableDef>>;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const tables: Partial<Record<TableName, Table>> = {};
    const definitions: Partial<Record<TableName, TableDef>> = {};
    for (const def of TABLES) {
      const table = new Table(this, pascal(def.name), {
        partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
        // On demand: a promotion's traffic is spiky and mostly idle; no capacity to plan or pay for.
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        // Encrypted at rest with an AWS-owned key: free; a KMS key adds $1/month plus KMS calls.
        encryption: TableEncryption.DEFAULT,
        timeToLiveAttribute: def.ttlAttribute,
        ...(def.stream ? { stream: StreamViewType[def.stream] } : {}),
        removalPolicy: props.removalPolicy ?? STATEFUL_REMOVAL_POLICY,
        deletionProtection: props.deletionProtection ?? false,
      });
      for (const gsi of def.globalSecondaryIndexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: gsi.indexName,
          partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
          sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        });
      }
      tables[def.name] = table;
      definitions[def.name] = def;
    }
    this.tables = tables as Record<TableName, Table>;
    this.definitions = definitions as Record<TableName, TableDef>;
  }

  /** The handlers' table environment: CUSTOMERS_TABLE=<physical name>, and so on. */
  public environment(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.tables).map(([name, table]) => [
        tableEnvName(name as TableName),
        table.tableName,
      ]),
    );
  }
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
