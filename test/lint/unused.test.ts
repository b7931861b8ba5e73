/**
 * Nothing unused (knip.jsonc): no file, export, class member or dependency nothing uses, and no
 * export of code outside test/ that only tests use (knip --production). Both runs go over a scratch
 * copy of the repo with one violation of each kind planted, and must report exactly those: the
 * repo itself is clean, and each kind is seen caught.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** One row of knip's JSON report: per issue kind, the names (class members by class). */
type KnipRow = Record<string, unknown> & { file: string };
type Named = { name: string };

/** Each reported item as "kind: file: name" (a class member as "Class.member"). */
async function knip(cwd: string, args: string[]): Promise<string[]> {
  const { stdout } = await run(
    join(ROOT, 'node_modules/.bin/knip'),
    [...args, '--reporter', 'json', '--no-progress', '--no-config-hints'],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as { files: string[]; issues: KnipRow[] };
  const items = (row: KnipRow) =>
    Object.entries(row).flatMap(([kind, value]) => {
      if (kind === 'file' || kind === 'owners') return [];
      if (Array.isArray(value))
        return (value as (Named | Named[])[]).flatMap((item) =>
          [item].flat().map(({ name }) => `${kind}: ${row.file}: ${name}`),
        );
      return Object.entries(value as Record<string, Named[]>).flatMap(([parent, members]) =>
        members.map(({ name }) => `${kind}: ${row.file}: ${parent}.${name}`),
      );
    });
  return [...report.files.map((file) => `files: ${file}`), ...report.issues.flatMap(items)].sort();
}

const scratch = mkdtempSync(join(tmpdir(), 'knip-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The repo's files as they are now (tracked and new, git-ignored ones left out). */
function copyRepo(): void {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(scratch, file));
    } catch {
      // Deleted in the work tree but not yet in git's index.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
}

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(scratch, path)), { recursive: true });
  writeFileSync(join(scratch, path), text);
};

describe('nothing unused (knip)', () => {
  it('reports exactly the planted file, export, class member, dependency and test-only export', async () => {
    copyRepo();
    // A file nothing imports.
    write('shared/planted-orphan.ts', 'export const orphan = 1;\n');
    // A module a handler uses in part: one export, one method and one test-only export unused.
    write(
      'lambdas/lib/planted.ts',
      [
        'export const used = 1;',
        'export const unused = 2;',
        'export const onlyTests = 3;',
        'export class Planted {',
        '  used(): number {',
        '    return used;',
        '  }',
        '  unusedMember(): number {',
        '    return unused;',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const handler = 'lambdas/handlers/get-wheel.ts';
    write(
      handler,
      `${readFileSync(join(ROOT, handler), 'utf8')}\nimport { Planted, used } from '../lib/planted';\nexport const planted = new Planted().used() + used;\n`,
    );
    write(
      'test/lambdas/planted.test.ts',
      "import { it } from 'vitest';\nimport { onlyTests } from '../../lambdas/lib/planted';\nit('reads', () => void onlyTests);\n",
    );
    // A dependency nothing imports.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    manifest.dependencies['picomatch'] = '*';
    write('package.json', `${JSON.stringify(manifest, null, 2)}\n`);

    const [whole, production] = await Promise.all([
      knip(scratch, []),
      knip(scratch, ['--production', '--include', 'exports', '--exclude', 'classMembers']),
    ]);
    // Production mode reads test/ as unused code; what matters is the rest.
    const outsideTests = production.filter((item) => !item.includes(': test/'));
    expect(whole).toEqual([
      'classMembers: lambdas/lib/planted.ts: Planted.unusedMember',
      'dependencies: package.json: picomatch',
      'exports: lambdas/lib/planted.ts: unused',
      'files: shared/planted-orphan.ts',
    ]);
    expect(outsideTests).toEqual([
      'exports: lambdas/lib/planted.ts: onlyTests',
      'exports: lambdas/lib/planted.ts: unused',
    ]);
  }, 180_000);
});
