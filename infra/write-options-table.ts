/**
 * `npm run docs:options`: writes the deploy options table of docs/operations.md, between its
 * markers, from infra/deploy-config.ts DEPLOY_OPTIONS, formatted as `npm run format` would
 * (test/infra/deploy-options.test.ts checks that the file holds what this writes).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { REPO_ROOT, withOptionsTable } from './deploy-config';

/** docs/operations.md as this script writes it. */
async function operationsWithOptions(): Promise<string> {
  const file = join(REPO_ROOT, 'docs/operations.md');
  const options = await resolveConfig(file);
  return format(withOptionsTable(readFileSync(file, 'utf8')), { ...options, filepath: file });
}

if (process.argv[1]?.endsWith('write-options-table.ts')) {
  writeFileSync(join(REPO_ROOT, 'docs/operations.md'), await operationsWithOptions());
  console.log('docs/operations.md: deploy options table written.');
}
