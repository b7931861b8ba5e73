/**
 * Temporary folders of a test file, removed when the file ends: a run leaves nothing in the
 * system's temporary folder (each file of the suite may make dozens).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder named `<label>-<random>` under the temporary folder, gone after the file. */
export function scratchDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${label}-`));
  made.push(dir);
  return dir;
}
