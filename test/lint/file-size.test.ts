/**
 * Production files read in one sitting: a file of lambdas/, shared/, web/src/, infra/ or local/
 * longer than 400 lines says why in its opening comment ("Over 400 lines: <reason>").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['lambdas', 'shared', 'web/src', 'infra', 'local'];
const MAX_LINES = 400;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });

/** Whether a file of this text needs a reason and lacks it. */
function unexplained(text: string): boolean {
  if (text.replace(/\n$/, '').split('\n').length <= MAX_LINES) return false;
  const opening = /^\s*\/\*[\s\S]*?\*\//.exec(text)?.[0] ?? '';
  return !/Over 400 lines: \S/.test(opening);
}

describe('file length', () => {
  it('has every production file over 400 lines say why in its opening comment', () => {
    const long = FOLDERS.flatMap((folder) => files(join(ROOT, folder)))
      .filter((file) => unexplained(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(long).toEqual([]);
  });

  it('finds a long file without its reason (the check itself)', () => {
    const body = 'const a = 1;\n'.repeat(MAX_LINES);
    expect(unexplained(`/** A module. */\n${body}`)).toBe(true);
    expect(
      unexplained(`/**\n * A module.\n * Over 400 lines: one state machine.\n */\n${body}`),
    ).toBe(false);
    expect(unexplained(`${body}/* Over 400 lines: too late, not the opening comment. */\n`)).toBe(
      true,
    );
  });
});
