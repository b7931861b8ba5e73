/**
 * `npm run restore -- -c region=<region> -c shop=<shop> -c alarmEmail=<address> [--keep <name>]`:
 * after `cdk destroy`, writes import-<stack>.json, the `cdk import` mapping that takes the shop's
 * kept tables and buckets back into its new stack (infra/restore.ts), and prints the two commands
 * that follow. Reads the account (DynamoDB ListTables, S3 ListBuckets); changes nothing.
 */
import { writeFileSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { App } from 'aws-cdk-lib';
import { buildApp } from './build-app';
import { importMapping } from './restore';

const argv = process.argv.slice(2);
const context: Record<string, string> = { 'aws:cdk:bundling-stacks': '' };
const keep = new Set<string>();
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i];
  const value = argv[++i] ?? '';
  if (flag === '--keep') keep.add(value);
  else if (flag === '-c' && /^[A-Za-z][A-Za-z0-9]*=/.test(value)) {
    const at = value.indexOf('=');
    context[value.slice(0, at)] = value.slice(at + 1);
  } else {
    throw new Error(
      `Unexpected argument "${flag}": pass -c key=value (as for the deploy) and --keep <name>.`,
    );
  }
}

try {
  // The shop's stack as the deploy would make it (no bundling: only its logical ids are read).
  const built = buildApp(new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } }));
  const region = built.config.region;
  const tables: string[] = [];
  let start: string | undefined;
  do {
    const page = await new DynamoDBClient({ region }).send(
      new ListTablesCommand({ ExclusiveStartTableName: start }),
    );
    tables.push(...(page.TableNames ?? []));
    start = page.LastEvaluatedTableName;
  } while (start);
  const { Buckets } = await new S3Client({ region }).send(new ListBucketsCommand({}));
  const mapping = importMapping(
    built.stack,
    { tables, buckets: (Buckets ?? []).map((b) => b.Name ?? '') },
    keep,
  );
  const file = `import-${built.stack.stackName}.json`;
  writeFileSync(file, `${JSON.stringify(mapping, null, 2)}\n`);
  const options = Object.entries(context)
    .filter(([key]) => !key.startsWith('aws:'))
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  console.log(`Wrote ${file}: ${Object.keys(mapping).length} kept tables and buckets.`);
  console.log(
    `Then: npx cdk import ${built.stack.stackName} --resource-mapping ${file} ${options}`,
  );
  console.log(`and:  npm run deploy -- ${options}`);
} catch (error) {
  console.log(`[FAIL] restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
