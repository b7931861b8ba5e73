/**
 * No import circles: the import graph of our own code (type-only imports too: a circle of types is
 * still two modules that cannot be understood one without the other) has no cycle. Imports are read
 * with the TypeScript compiler's own pre-processor, and a specifier is resolved the way the
 * compiler resolves it (tsconfig paths included), so an alias and a relative path are one edge.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['lambdas', 'shared', 'web/src', 'infra', 'local'];
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const parsed = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.node.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
);
const options = parsed?.options ?? {};

/** file -> the files of ours it imports. */
function importGraph(files: string[]): Map<string, string[]> {
  const ours = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      return resolved && ours.has(resolved.resolvedFileName) ? [resolved.resolvedFileName] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every strongly connected component of more than one file (or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The edges inside a component, each as "a -> b" with the two repo-relative paths sorted. */
const edgesWithin = (graph: Map<string, string[]>, component: string[]): string[] =>
  component
    .flatMap((from) =>
      (graph.get(from) ?? [])
        .filter((to) => component.includes(to))
        .map((to) =>
          [from, to]
            .map((path) => relative(ROOT, path))
            .sort()
            .join(' -> '),
        ),
    )
    .filter((edge, i, all) => all.indexOf(edge) === i)
    .sort();

describe('import circles', () => {
  const graph = importGraph(FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder))));

  it('reads the whole graph, aliases and type-only imports included', () => {
    // A sample the walk must see: http.ts imports viewer.ts; viewer.ts imports http-event.ts by type.
    const edges = (file: string) =>
      (graph.get(join(ROOT, file)) ?? []).map((f) => relative(ROOT, f));
    expect(edges('lambdas/lib/http.ts')).toContain('lambdas/lib/viewer.ts');
    expect(edges('lambdas/lib/viewer.ts')).toContain('lambdas/lib/http-event.ts');
    expect(graph.size).toBeGreaterThan(200);
  });

  it('finds a circle when there is one', () => {
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(circle)).toEqual([['a', 'b', 'c']]);
  });

  it('has none in lambdas/, shared/, web/src/, infra/ and local/', () => {
    expect(cycles(graph).map((component) => edgesWithin(graph, component))).toEqual([]);
  });
});
