/**
 * Deploying a shop again onto the tables and buckets `cdk destroy` kept (infra/restore.ts): the
 * `cdk import` mapping is found from the account's names, shaped as CloudFormation generates them
 * (`<stack>-<logical id>-<random>`, buckets lower-cased and cut to 63 characters), for the same
 * logical ids the new stack's template holds, each of them a resource CloudFormation can import
 * (a retain policy, as resource import asks).
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '@shared/definitions';
import { importMapping } from '../../infra/restore';
import type { SpinWinStack } from '../../infra/stack';
import { testApp } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let stack: SpinWinStack;
let resources: Record<string, Json>;
const idOf = (c: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(c.node.defaultChild as CfnElement);

beforeAll(() => {
  stack = testApp({ context: { shop: 'joes-pizza', waf: 'false' } }).stack;
  resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Json> }).Resources;
}, 300_000);

/** Names as CloudFormation generates them for `logicalId` in this stack. */
const tableName = (logicalId: string, random = 'A1B2C3D4E5F6') =>
  `${stack.stackName}-${logicalId}-${random}`;
const bucketName = (logicalId: string, random = 'q1w2e3r4t5y6') =>
  `${stack.stackName}-${logicalId}`.toLowerCase().slice(0, 63 - random.length - 1) + `-${random}`;

describe('deploying a shop again onto its kept data', () => {
  it('maps every kept table and the logo and site buckets to the logical ids of the new stack', () => {
    const tables = TABLES.map((t) => idOf(stack.data.tables[t.name]));
    const buckets = [stack.storage.logoBucket, stack.storage.siteBucket].map(idOf);
    const mapping = importMapping(stack, {
      tables: [...tables.map((id) => tableName(id)), 'SpinWin-marias-DataCustomers1-ZZZ'],
      buckets: [...buckets.map((id) => bucketName(id)), 'spinwin-marias-storagelogos-zzz'],
    });
    expect(mapping).toEqual({
      ...Object.fromEntries(tables.map((id) => [id, { TableName: tableName(id) }])),
      ...Object.fromEntries(buckets.map((id) => [id, { BucketName: bucketName(id) }])),
    });
    // Each is in the template with a policy that keeps it, so CloudFormation can import it.
    for (const id of Object.keys(mapping)) {
      expect(resources[id]?.DeletionPolicy, id).toMatch(/^Retain/);
      expect(resources[id]?.UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  it('refuses to guess between two kept copies, and says when there is nothing to import', () => {
    const tables = TABLES.map((t) => idOf(stack.data.tables[t.name]));
    const buckets = [stack.storage.logoBucket, stack.storage.siteBucket].map(idOf);
    const names = {
      tables: [...tables.map((id) => tableName(id)), tableName(tables[0]!, 'OLDER0000000')],
      buckets: buckets.map((id) => bucketName(id)),
    };
    expect(() => importMapping(stack, names)).toThrow(
      new RegExp(`2 kept tables of ${stack.stackName} for ${tables[0]}: .*--keep <name>`),
    );
    const chosen = importMapping(stack, names, new Set([tableName(tables[0]!)]));
    expect(chosen[tables[0]!]).toEqual({ TableName: tableName(tables[0]!) });
    expect(() => importMapping(stack, { tables: [], buckets: [] })).toThrow(
      /No kept table of SpinWin-joes-pizza .*nothing to import/,
    );
  });
});
