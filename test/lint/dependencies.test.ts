/**
 * The import rules of .dependency-cruiser.cjs: the repo keeps them all, and each one refuses a
 * violation planted in a scratch tree laid out like the repo (static, type-only and lazy imports).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const run = promisify(execFile);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** depcruise's violations for `paths`, cruised from `cwd` with the repo's rules. */
async function violations(cwd: string, paths: string[]): Promise<Violation[]> {
  const { stdout } = await run(
    join(ROOT, 'node_modules/.bin/depcruise'),
    [...paths, '--config', CONFIG, '--output-type', 'json', '--no-progress'],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** One importing file: `imports` are repo paths (made relative), packages, or `@shared/...`. */
interface Plant {
  from: string;
  imports: string[];
  lazy?: boolean;
  typeOnly?: boolean;
}

/** A package (a name, or a name and a subpath), not a file of the repo or `@shared/...`. */
const isPackage = (target: string) => !/\.tsx?$/.test(target) && !target.startsWith('@shared/');

const specifier = (from: string, target: string): string => {
  if (isPackage(target) || target.startsWith('@shared/')) return target;
  const path = relative(dirname(from), target).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
};

/** Planted violations, each with the rule meant to refuse it. */
const REFUSED: [string, Plant][] = [
  ['shared-stands-alone', { from: 'shared/x.ts', imports: ['lambdas/lib/http.ts'] }],
  ['shared-is-plain', { from: 'shared/x.ts', imports: ['react'] }],
  ['lambdas-zone', { from: 'lambdas/handlers/x.ts', imports: ['infra/definitions.ts'] }],
  ['lambdas-zone', { from: 'lambdas/handlers/x.ts', imports: ['local/stack.ts'] }],
  ['web-zone', { from: 'web/src/lib/x.ts', imports: ['infra/definitions.ts'] }],
  ['web-zone', { from: 'web/src/lib/x.ts', imports: ['lambdas/lib/http.ts'] }],
  ['infra-zone', { from: 'infra/x.ts', imports: ['local/stack.ts'] }],
  ['local-zone', { from: 'local/x.ts', imports: ['web/src/lib/api.ts'] }],
  ['shared-via-alias', { from: 'lambdas/handlers/x.ts', imports: ['shared/definitions.ts'] }],
  ['shared-via-alias', { from: 'test/shared/x.test.ts', imports: ['shared/messages.ts'] }],
  ['zod-via-shared', { from: 'lambdas/handlers/x.ts', imports: ['zod'] }],
  ['zod-via-shared', { from: 'lambdas/lib/x.ts', imports: ['zod'], typeOnly: true }],
  ['zod-via-shared', { from: 'test/shared/x.test.ts', imports: ['zod/v4/core'] }],
  ['toolbox-by-subpath', { from: 'lambdas/repositories/x.ts', imports: ['dynamodb-toolbox'] }],
  [
    'toolbox-by-subpath',
    { from: 'lambdas/repositories/y.ts', imports: ['dynamodb-toolbox'], typeOnly: true },
  ],
  [
    'toolbox-in-repositories',
    { from: 'lambdas/domain/x.ts', imports: ['dynamodb-toolbox/entity'] },
  ],
  ['wheel-page-routes', { from: 'web/src/features/visitor/api/x.ts', imports: ['@shared/routes'] }],
  [
    'web-feature-visitor-alone',
    { from: 'web/src/features/visitor/routes/x.tsx', imports: ['web/src/features/staff/a.tsx'] },
  ],
  [
    'web-feature-visitor-alone',
    {
      from: 'web/src/features/visitor/routes/x.tsx',
      imports: ['web/src/features/staff/routes/login-page.tsx'],
      lazy: true,
    },
  ],
  [
    'web-feature-admin-alone',
    { from: 'web/src/features/admin/x.ts', imports: ['web/src/features/visitor/lib/w.ts'] },
  ],
  [
    'web-feature-staff-alone',
    {
      from: 'web/src/features/staff/x.ts',
      imports: ['web/src/features/admin/a.ts'],
      typeOnly: true,
    },
  ],
  [
    'lambdas-repositories-points-down',
    { from: 'lambdas/repositories/x.ts', imports: ['lambdas/domain/otp-code.ts'] },
  ],
  [
    'lambdas-repositories-points-down',
    { from: 'lambdas/repositories/x.ts', imports: ['lambdas/handlers/get-wheel.ts'] },
  ],
  [
    'lambdas-lib-points-down',
    { from: 'lambdas/lib/x.ts', imports: ['lambdas/repositories/visitor-users.ts'] },
  ],
  ['lambdas-lib-points-down', { from: 'lambdas/lib/x.ts', imports: ['lambdas/domain/spin.ts'] }],
  [
    'lambdas-lib-points-down',
    { from: 'lambdas/lib/x.ts', imports: ['lambdas/triggers/define-auth-challenge.ts'] },
  ],
  [
    'lambdas-domain-points-down',
    { from: 'lambdas/domain/x.ts', imports: ['lambdas/handlers/get-wheel.ts'] },
  ],
  [
    'lambdas-domain-points-down',
    { from: 'lambdas/domain/x.ts', imports: ['lambdas/custom-resources/staff-users.ts'] },
  ],
  [
    'repositories-return-results',
    { from: 'lambdas/repositories/x.ts', imports: ['lambdas/lib/http.ts'] },
  ],
  [
    'repositories-return-results',
    { from: 'lambdas/repositories/x.ts', imports: ['@shared/errors'] },
  ],
  [
    'no-circles',
    { from: 'lambdas/lib/circle-a.ts', imports: ['lambdas/lib/circle-b.ts'], typeOnly: true },
  ],
];

/** Right-way imports the rules let through. */
const ALLOWED: Plant[] = [
  { from: 'lambdas/handlers/x.ts', imports: ['@shared/definitions', '@shared/zod'] },
  { from: 'lambdas/handlers/x.ts', imports: ['lambdas/domain/spin.ts'] },
  { from: 'lambdas/triggers/x.ts', imports: ['lambdas/domain/sms-cost-guard.ts'] },
  { from: 'lambdas/domain/x.ts', imports: ['lambdas/repositories/visitor-users.ts'] },
  { from: 'lambdas/repositories/x.ts', imports: ['lambdas/lib/dynamo-client.ts'] },
  { from: 'lambdas/repositories/x.ts', imports: ['dynamodb-toolbox/entity/actions/get'] },
  { from: 'lambdas/lib/x.ts', imports: ['lambdas/lib/logger.ts'] },
  { from: 'local/x.ts', imports: ['lambdas/lib/http.ts'] },
  { from: 'test/x.test.ts', imports: ['local/stack.ts'] },
  { from: 'shared/x.ts', imports: ['shared/zod.ts'] },
  {
    from: 'web/src/features/visitor/routes/x.tsx',
    imports: ['web/src/components/wheel/prize-wheel.tsx'],
  },
  { from: 'web/src/app/x.tsx', imports: ['web/src/features/staff/routes/p.tsx'], lazy: true },
  { from: 'web/src/features/visitor/api/x.ts', imports: ['@shared/routes-wheel'] },
  { from: 'web/src/features/staff/api/x.ts', imports: ['@shared/routes'] },
];

const scratch = mkdtempSync(join(tmpdir(), 'depcruise-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lays each plant (as its own file, numbered) and every file it imports in the scratch tree. */
function lay(plants: Plant[], tag: string): Map<string, number> {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  };
  const index = new Map<string, number>();
  plants.forEach((plant, i) => {
    const from = plant.from.includes('circle')
      ? plant.from
      : plant.from.replace(/(\.test)?\.tsx?$/, (ext) => `-${tag}${i}${ext}`);
    index.set(from, i);
    const lines = plant.imports.map((target, n) => {
      const spec = specifier(from, target.startsWith('@shared/') ? target : target);
      if (isPackage(target) || target.startsWith('@shared/')) {
        const stub = target.startsWith('@shared/')
          ? `shared/${target.slice('@shared/'.length)}.ts`
          : undefined;
        if (stub) write(stub, 'export const value = 1;\n');
      } else if (!target.includes('circle')) {
        write(target, 'export const value = 1;\n');
      }
      if (plant.lazy) return `export const load${n} = () => import('${spec}');`;
      if (plant.typeOnly)
        return `import type * as m${n} from '${spec}';\nexport type T${n} = m${n}.T;`;
      return `import * as m${n} from '${spec}';\nexport const v${n} = m${n};`;
    });
    write(from, `${lines.join('\n')}\n`);
  });
  return index;
}

describe('dependency rules (dependency-cruiser)', () => {
  it('holds in the repo: zones, layers, features, alias, zod and no circles', async () => {
    const found = await violations(ROOT, [
      'lambdas',
      'shared',
      'web',
      'infra',
      'local',
      'test',
      'bench',
    ]);
    expect(found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 60_000);

  it('refuses each planted violation with its rule, and lets the right-way imports through', async () => {
    copyFileSync(join(ROOT, 'tsconfig.base.json'), join(scratch, 'tsconfig.base.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
    const refused = lay(
      REFUSED.map(([, plant]) => plant),
      'r',
    );
    const allowed = lay(ALLOWED, 'a');
    // The circle's other half.
    writeFileSync(
      join(scratch, 'lambdas/lib/circle-b.ts'),
      "import type * as a from './circle-a';\nexport type T = a.T0;\n",
    );
    const found = await violations(scratch, ['lambdas', 'shared', 'web', 'infra', 'local', 'test']);

    const rulesOf = (from: string) => [
      ...new Set(found.filter((v) => v.from === from).map((v) => v.rule.name)),
    ];
    for (const [from, i] of refused)
      expect([from, rulesOf(from)]).toEqual([from, [REFUSED[i]![0]]]);
    for (const [from] of allowed) expect([from, rulesOf(from)]).toEqual([from, []]);
  }, 60_000);
});
