/**
 * The built site for a deploy: `npx cdk deploy` (the CDK habit) builds web/dist itself when it is
 * missing or older than any of its sources, so a fresh clone deploys without `npm run build` first
 * and a deploy never ships a site older than the code beside it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the site is built from, relative to the repository root. */
const SITE_SOURCES = [
  'web/index.html',
  'web/src',
  'web/public',
  'shared',
  'vite.config.ts',
  'package-lock.json',
] as const;

/** The newest modification time (ms) under `path` (a file or a folder), 0 when it is absent. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Why the built site at `siteDirectory` must be (re)built from the sources under `root`, or
 * undefined when it is up to date.
 */
function siteBuildReason(
  root: string,
  siteDirectory: string,
  sources: readonly string[] = SITE_SOURCES,
): string | undefined {
  const index = join(siteDirectory, 'index.html');
  if (!existsSync(index)) return `no built site at ${siteDirectory}`;
  const built = statSync(index).mtimeMs;
  const changed = sources.find((source) => newestMtime(join(root, source)) > built);
  return changed === undefined ? undefined : `${changed} changed since the site was built`;
}

/**
 * Builds the site (Vite, its output on stderr; `build` in tests) when it is missing or older than
 * its sources. Returns why it was built, or undefined when it was up to date.
 */
export function ensureSiteBuilt(
  root: string,
  siteDirectory: string,
  build: (root: string, siteDirectory: string) => void = viteBuild,
  sources: readonly string[] = SITE_SOURCES,
): string | undefined {
  const reason = siteBuildReason(root, siteDirectory, sources);
  if (reason === undefined) return undefined;
  console.error(`Spin & Win: ${reason}; building it (vite build).`);
  build(root, siteDirectory);
  return reason;
}

function viteBuild(root: string, siteDirectory: string): void {
  // stdout may carry the template: Vite's output goes to stderr.
  const result = spawnSync('npx', ['vite', 'build', '--outDir', siteDirectory, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) {
    throw new Error(
      `vite build failed (exit ${result.status ?? result.signal}): see its output above.`,
    );
  }
}
