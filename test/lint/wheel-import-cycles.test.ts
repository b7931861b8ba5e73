/**
 * The wheel's modules import one another in one direction only: a circle (item.ts -> wheel.ts ->
 * item.ts, say) makes load order matter and lets a half-initialised module be read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WHEEL_DIR = new URL('../../web/src/components/wheel', import.meta.url).pathname;
/** Every `import ... from './x'` and `export ... from './x'`, type-only ones included. */
const RELATIVE_IMPORT = /(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
    const base = resolve(dirname(file), match[1]!);
    const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => known.has(candidate));
    if (target) out.push(target);
  }
  return out;
}

/** One import circle as a list of file names, or null when there is none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('wheel modules', () => {
  const files = sourceFiles(WHEEL_DIR);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

  it('finds a circle when there is one (the check itself works)', () => {
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
  });

  it('import one another without a circle', () => {
    expect(graph.size).toBeGreaterThan(5);
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => file.slice(WHEEL_DIR.length + 1)) ?? null).toBeNull();
  });
});
