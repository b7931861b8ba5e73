/**
 * The browser suite's two lanes (test/e2e/lanes.ts): the first lane names its files, the second
 * runs the rest. A name that no longer matches a file would quietly move that file's seconds to the
 * second lane, so every name must be a browser test file that exists.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_LANE } from '../e2e/lanes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('browser test lanes', () => {
  it('names only browser test files that exist, each once', () => {
    expect(FIRST_LANE.filter((file) => !/^test\/e2e\/[\w-]+\.e2e\.ts$/.test(file))).toEqual([]);
    expect(FIRST_LANE.filter((file) => !existsSync(`${ROOT}${file}`))).toEqual([]);
    expect(new Set(FIRST_LANE).size).toBe(FIRST_LANE.length);
  });
});
