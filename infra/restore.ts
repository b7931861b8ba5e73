/**
 * Putting a shop back on its data after `cdk destroy` (docs/deploy.md, "Deploying a shop again onto
 * its kept data"): the tables and buckets the deletion kept are taken back into a new stack of the
 * same shop with CloudFormation's resource import (`cdk import --resource-mapping`), instead of the
 * new, empty ones a plain deploy would create. This module finds, among the account's table and
 * bucket names, the ones a stack of this shop created (CloudFormation names them
 * `<stack>-<logical id>-<random>`, buckets in lower case and cut to 63 characters) and writes the
 * mapping `cdk import` reads: `{ "<logical id>": { "TableName" | "BucketName": "<name>" } }`.
 * infra/restore-run.ts lists the names (DynamoDB ListTables, S3 ListBuckets) and writes the file.
 */
import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { SpinWinStack } from './stack';

/** The `cdk import --resource-mapping` file: each kept resource's identifier, by logical id. */
export type ImportMapping = Record<string, { TableName: string } | { BucketName: string }>;

/** Characters of a logical id that must match for a generated bucket name (which may cut it). */
const MIN_LOGICAL_ID_MATCH = 8;

const logicalIdOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

/** True when `name` is one CloudFormation generated for `logicalId` in stack `stackName`. */
function generatedFor(name: string, stackName: string, logicalId: string, lowerCase: boolean) {
  const norm = (s: string) => (lowerCase ? s.toLowerCase() : s);
  const prefix = `${norm(stackName)}-`;
  if (!name.startsWith(prefix)) return false;
  const rest = name.slice(prefix.length);
  const cut = rest.lastIndexOf('-');
  if (cut < 0) return false;
  const idPart = rest.slice(0, cut);
  return (
    idPart.length >= Math.min(MIN_LOGICAL_ID_MATCH, logicalId.length) &&
    norm(logicalId).startsWith(idPart)
  );
}

/**
 * The import mapping for `stack` from the names in the account: every table and the logo and site
 * buckets. Throws, saying which, when one is missing or matched twice (several destroyed
 * deployments of the same shop: the agency names the one to keep with `chosen`).
 */
export function importMapping(
  stack: SpinWinStack,
  names: { tables: readonly string[]; buckets: readonly string[] },
  chosen: ReadonlySet<string> = new Set(),
): ImportMapping {
  const wanted: [string, string, 'TableName' | 'BucketName'][] = [
    ...Object.values(stack.data.tables).map(
      (table) => [logicalIdOf(stack, table), 'table', 'TableName'] as [string, string, 'TableName'],
    ),
    ...[stack.storage.logoBucket, stack.storage.siteBucket].map(
      (bucket) =>
        [logicalIdOf(stack, bucket), 'bucket', 'BucketName'] as [string, string, 'BucketName'],
    ),
  ];
  const mapping: ImportMapping = {};
  for (const [logicalId, kind, key] of wanted) {
    const pool = key === 'TableName' ? names.tables : names.buckets;
    let found = pool.filter((n) =>
      generatedFor(n, stack.stackName, logicalId, key === 'BucketName'),
    );
    if (found.length > 1) found = found.filter((n) => chosen.has(n));
    if (found.length !== 1) {
      const all = pool.filter((n) =>
        generatedFor(n, stack.stackName, logicalId, key === 'BucketName'),
      );
      throw new Error(
        all.length === 0
          ? `No kept ${kind} of ${stack.stackName} for ${logicalId} in this account and region: nothing to import (deploy as usual).`
          : `${all.length} kept ${kind}s of ${stack.stackName} for ${logicalId}: ${all.join(', ')}. Name the one to keep with --keep <name>.`,
      );
    }
    mapping[logicalId] = key === 'TableName' ? { TableName: found[0]! } : { BucketName: found[0]! };
  }
  return mapping;
}
