/**
 * Web size: gzipped JavaScript and CSS each route downloads before it is interactive (its entry,
 * the route's lazy chunk and their static imports, from Vite's manifest), against a floor app of
 * react + react-dom + react-router-dom built the same way in the same run. Also checks that the
 * wheel page downloads no staff or admin code: no module of web/src/features/staff or
 * web/src/features/admin is in any file of the '/' closure, and the only files the '/' closure
 * shares with the staff and admin routes' lazy closures are those shared, feature-free chunks.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
/** Output file -> the source modules bundled into it (from the build output). */
type ModulesByFile = Map<string, string[]>;

/** Source modules the wheel page must never download. */
const STAFF_ADMIN_SOURCE = /\/web\/src\/features\/(staff|admin)\//;
/** Routes whose code belongs to staff or admin. */
const STAFF_ADMIN_ROUTES = /^\/(login|operator-login|dashboard|admin)/;

export interface WheelIsolation {
  /** True when the '/' closure holds no staff/admin module. */
  ok: boolean;
  /** Staff/admin source modules found in the '/' closure (should be empty). */
  leakedModules: string[];
  /** Files the '/' closure shares with a staff/admin route's lazy closure (entry, vendor, lib). */
  sharedFiles: string[];
}

export interface RouteSize {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

const ROOT = resolve(import.meta.dirname, '..');

/** Route path -> the source module of its lazy screen (see web/src/app/router.tsx). */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/visitor/routes/wheel-page.tsx'],
  '/login': ['src/features/staff/routes/login-page.tsx'],
  '/operator-login': ['src/features/staff/routes/operator-login-page.tsx'],
  '/dashboard': ['src/features/staff/routes/dashboard-page.tsx'],
  '/admin': ['src/features/admin/routes/login-page.tsx'],
  '/admin/business': [
    'src/features/admin/routes/shell.tsx',
    'src/features/admin/routes/business-page.tsx',
  ],
  '/admin/game': ['src/features/admin/routes/shell.tsx', 'src/features/admin/routes/game-page.tsx'],
  '/admin/accounts/admin': [
    'src/features/admin/routes/shell.tsx',
    'src/features/admin/routes/account-password-page.tsx',
  ],
};

const gz = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;

/** The app module the entry (web/src/boot.ts) imports at once, after the first paint. */
const APP_MODULE = 'src/main.tsx';

/**
 * Files a page loads up front: the entry, the app module it loads at once, the given lazy modules,
 * and their static imports.
 */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * Builds a Vite app into `outDir` with a manifest. The product (`configFile`: vite.config.ts) is
 * built with its own config, so what is measured is what ships (its chunking, its plugins); the
 * floor app, which that config's plugins do not fit, with the same React plugin and target.
 */
export async function buildWith(
  root: string,
  outDir: string,
  configFile?: string,
): Promise<{ manifest: Manifest; modules: ModulesByFile }> {
  const output = await build({
    configFile: configFile ?? false,
    root,
    logLevel: 'silent',
    ...(configFile ? {} : { plugins: [react()] }),
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      ...(configFile ? {} : { target: 'es2022' }),
    },
  });
  const modules: ModulesByFile = new Map();
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) continue;
    for (const chunk of result.output)
      if (chunk.type === 'chunk') modules.set(chunk.fileName, chunk.moduleIds);
  }
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  return { manifest, modules };
}

/** Checks that '/' downloads no staff or admin code (see the module comment). */
function wheelIsolation(manifest: Manifest, modules: ModulesByFile, entry: string): WheelIsolation {
  const wheel = closure(manifest, [entry, APP_MODULE, ...(ROUTE_MODULES['/'] ?? [])]);
  const leakedModules = [...wheel].flatMap((file) =>
    (modules.get(file) ?? []).filter((id) => STAFF_ADMIN_SOURCE.test(id)),
  );
  const shared = new Set<string>();
  for (const [route, keys] of Object.entries(ROUTE_MODULES)) {
    if (!STAFF_ADMIN_ROUTES.test(route)) continue;
    for (const file of closure(manifest, keys)) if (wheel.has(file)) shared.add(file);
  }
  const sharedFiles = [...shared].sort();
  // A shared file is fine only when it carries no staff/admin module (checked above for all of '/').
  return { ok: leakedModules.length === 0, leakedModules, sharedFiles };
}

const sizeOf = (outDir: string, route: string, files: Set<string>): RouteSize => {
  let jsGzip = 0;
  let cssGzip = 0;
  for (const file of files) {
    if (file.endsWith('.js')) jsGzip += gz(join(outDir, file));
    if (file.endsWith('.css')) cssGzip += gz(join(outDir, file));
  }
  return { route, jsGzip, cssGzip, files: [...files].sort() };
};

/** Builds the product and the floor and measures both. */
export async function measureWebSize(): Promise<{
  routes: RouteSize[];
  floor: RouteSize;
  isolation: WheelIsolation;
}> {
  const work = mkdtempSync(join(tmpdir(), 'spin-websize-'));
  try {
    const productOut = join(work, 'product');
    const { manifest, modules } = await buildWith(
      join(ROOT, 'web'),
      productOut,
      join(ROOT, 'vite.config.ts'),
    );
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const routes = Object.entries(ROUTE_MODULES).map(([route, modules]) =>
      sizeOf(productOut, route, closure(manifest, [entry, APP_MODULE, ...modules])),
    );
    const floorOut = join(work, 'floor');
    const { manifest: floorManifest } = await buildWith(join(ROOT, 'bench/floor'), floorOut);
    const floorEntry = Object.keys(floorManifest).find((key) => floorManifest[key]!.isEntry)!;
    const floor = sizeOf(floorOut, 'floor', closure(floorManifest, [floorEntry]));
    return { routes, floor, isolation: wheelIsolation(manifest, modules, entry) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { routes, floor, isolation } = await measureWebSize();
  const kb = (n: number) => (n / 1024).toFixed(1) + ' KB';
  console.log(`floor (react + react-dom + react-router-dom, 2 routes): JS ${kb(floor.jsGzip)} gz`);
  for (const r of routes)
    console.log(
      `${r.route.padEnd(24)} JS ${kb(r.jsGzip)}  CSS ${kb(r.cssGzip)}  (${r.files.length} files)`,
    );
  console.log(
    `wheel page free of staff/admin code: ${isolation.ok ? 'yes' : `NO: ${isolation.leakedModules.join(', ')}`}` +
      ` (files shared with staff/admin routes: ${isolation.sharedFiles.join(', ')})`,
  );
}
