/**
 * Capacity: `npm run bench:capacity`. A simulated crowd walks the whole visitor journey on the local
 * stack while every AWS call is counted (bench/capacity-crowd.ts); the counts per visitor are set
 * against the AWS quotas that apply in a viral hour and priced (bench/capacity-model.ts); the result
 * is printed and written to docs/capacity.md and docs/capacity.json (bench/capacity-writer.ts), so
 * the figures there always come from a run, never from typing.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format } from 'prettier';
import { build } from 'vite';
import { measureCapacity } from './capacity-crowd';
import { capacityMarkdown, capacityNeeds } from './capacity-writer';

const ROOT = resolve(import.meta.dirname, '..');
const DOC_FILE = join(ROOT, 'docs/capacity.md');
/** The figures the deploy preflight checks the account against (infra/preflight/preflight.ts). */
const NEEDS_FILE = join(ROOT, 'docs/capacity.json');

// The stack serves the production build, as CloudFront serves the deployed one.
await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
const run = await measureCapacity();
const text = await format(capacityMarkdown(run), { parser: 'markdown' });
console.log(text);
writeFileSync(DOC_FILE, text);
console.error(`[capacity] written to ${DOC_FILE}`);
writeFileSync(NEEDS_FILE, await format(JSON.stringify(capacityNeeds(run)), { parser: 'json' }));
console.error(`[capacity] preflight figures written to ${NEEDS_FILE}`);
