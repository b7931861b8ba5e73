/**
 * Shared set-up of the CDK tests: a tiny built-SPA fixture (the real web/dist needs `vite build`)
 * and an app built exactly as infra/app.ts builds it, from context.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { buildAnyApp, buildApp, type BuiltApp, type BuiltBase } from '../../infra/build-app';
import { REPO_ROOT } from '../../infra/deploy-config';
import { scratchDir } from '../support/scratch';

/** A folder shaped like web/dist: index.html, a hashed asset and a public file. */
export function siteFixture(): string {
  const dir = scratchDir('spin-site');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export interface TestAppOptions {
  /** CDK context, as `-c key=value` would give it. */
  context?: Record<string, unknown>;
  /** Run esbuild for every function (slow); otherwise bundling is skipped. */
  bundle?: boolean;
  /**
   * The account the stacks are bound to (WAF, on by default, spans two regions and needs one).
   * @default TEST_ACCOUNT
   */
  account?: string;
}

/** The account of the test apps. */
export const TEST_ACCOUNT = '123456789012';

/** cdk.json's context (the feature flags): the CLI passes it to the app, so the tests do too. */
const CDK_JSON_CONTEXT = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: object }
).context;

export function testApp(options: TestAppOptions = {}): { app: App } & BuiltApp {
  const app = new App({
    // CDK's own default is a new temporary folder per app, never removed.
    outdir: scratchDir('cdk.out'),
    context: {
      ...CDK_JSON_CONTEXT,
      siteDirectory: siteFixture(),
      // Every deploy names its region and its alarm address (infra/deploy-config.ts); tests may
      // override or unset them.
      region: 'ap-southeast-2',
      alarmEmail: 'ops@agency.example',
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
  return { app, ...buildApp(app, { account: options.account ?? TEST_ACCOUNT }) };
}

/** The account base (`-c base=true`) as infra/app.ts builds it, from the same context as testApp. */
export function testBase(options: Omit<TestAppOptions, 'bundle'> = {}): { app: App } & BuiltBase {
  const app = new App({
    // CDK's own default is a new temporary folder per app, never removed.
    outdir: scratchDir('cdk.out'),
    context: {
      ...CDK_JSON_CONTEXT,
      region: 'ap-southeast-2',
      alarmEmail: 'ops@agency.example',
      base: 'true',
      ...options.context,
    },
  });
  const built = buildAnyApp(app, { account: options.account ?? TEST_ACCOUNT });
  if (!('base' in built)) throw new Error('the context asked for the account base');
  return { app, ...built };
}

/** cdk-nag AwsSolutions findings left after acknowledgements, as "rule at path" lines. */
export function nagFindings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath ?? '?'}`),
  );
}
