/**
 * The fleet's actions on one deployment: synth, diff and deploy through AWS's programmatic CDK
 * toolkit (@aws-cdk/toolkit-lib: the CDK CLI's engine as a library, no CLI process), building the
 * app exactly as infra/app.ts does (infra/build-app.ts) from the deployment's context; preflight
 * through infra/preflight/preflight.ts. Each deployment's assembly goes to <outDir>/<name>/.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  StackSelectionStrategy,
  Toolkit,
  type IIoHost,
  type IoMessage,
  type IoRequest,
} from '@aws-cdk/toolkit-lib';
import { App } from 'aws-cdk-lib';
import { buildAnyApp } from '../build-app';
import { readDeployConfig, REPO_ROOT } from '../deploy-config';
import { awsClients } from '../preflight/clients';
import { preflight } from '../preflight/preflight';
import { ensureSiteBuilt } from '../site-build';
import type { FleetDeps } from './fleet';
import type { FleetTarget } from './shops-file';

/** cdk.json's context (the feature flags), which the CLI would pass to the app. */
const CDK_JSON_CONTEXT = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: object }
).context;

const ALL_STACKS = { strategy: StackSelectionStrategy.ALL_STACKS } as const;

interface ToolkitActionOptions {
  /** Where each deployment's cloud assembly is written (<outDir>/<name>). */
  readonly outDir: string;
  /** One line of progress. */
  readonly log: (line: string) => void;
  /**
   * Context added to every deployment's (tests: a site fixture, bundling skipped).
   * @default - none
   */
  readonly extraContext?: Readonly<Record<string, unknown>>;
}

/** Passes the toolkit's warnings and errors on, named by deployment; answers its questions with their defaults. */
function ioHost(name: string, log: (line: string) => void): IIoHost {
  return {
    notify: async (msg: IoMessage<unknown>) => {
      if (msg.level === 'error' || msg.level === 'warn') log(`  ${name}: ${msg.message}`);
    },
    requestResponse: async <T>(msg: IoRequest<unknown, T>) => msg.defaultResponse,
  };
}

export function toolkitActions(options: ToolkitActionOptions): FleetDeps['act'] {
  let siteChecked = false;
  return async (command, target) => {
    if (command === 'preflight') return runPreflight(target, options.log);
    const context = { ...CDK_JSON_CONTEXT, ...target.context, ...options.extraContext };
    // The shops' SPA, built first when missing or stale, as infra/app.ts does.
    if (!target.base && !siteChecked && context.siteDirectory === undefined) {
      const config = readDeployConfig((key) => context[key as keyof typeof context], process.env);
      ensureSiteBuilt(REPO_ROOT, config.siteDirectory);
      siteChecked = true;
    }
    const toolkit = new Toolkit({ ioHost: ioHost(target.name, options.log), color: false });
    const outdir = join(options.outDir, target.name);
    const cx = await toolkit.fromAssemblyBuilder(
      async (props) => {
        const app = new App({ outdir: props.outdir, context: { ...props.context, ...context } });
        buildAnyApp(app, {
          account: props.env.CDK_DEFAULT_ACCOUNT ?? process.env.CDK_DEFAULT_ACCOUNT,
        });
        return app.synth();
      },
      // Offline synth: the account comes from CDK_DEFAULT_ACCOUNT, never from a call to AWS.
      { outdir, clobberEnv: false, resolveDefaultEnvironment: command !== 'synth' },
    );
    if (command === 'synth') {
      const assembly = await toolkit.synth(cx);
      try {
        const files = assembly.cloudAssembly.stacksRecursively.map((s) => s.templateFile);
        options.log(`  ${target.name}: in ${relative(REPO_ROOT, outdir) || outdir}`);
        return `wrote ${files.join(', ')}`;
      } finally {
        await assembly.dispose();
      }
    }
    if (command === 'diff') {
      const diffs = await toolkit.diff(cx, { stacks: ALL_STACKS });
      return Object.entries(diffs)
        .map(([stack, diff]) => `${stack}: ${diff.differenceCount} differences`)
        .join(', ');
    }
    const result = await toolkit.deploy(cx, { stacks: ALL_STACKS });
    return `deployed ${result.stacks.map((s) => s.stackName).join(', ')}`;
  };
}

/** The preflight of one deployment (its options as -c key=value); throws on any FAIL or [??]. */
async function runPreflight(target: FleetTarget, log: (line: string) => void): Promise<string> {
  const argv = Object.entries(target.context).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const { lines, exitCode } = await preflight(argv, process.env, awsClients);
  for (const line of lines) log(`  ${target.name}: ${line}`);
  const summary = lines.at(-1) ?? 'no summary';
  if (exitCode !== 0) throw new Error(summary.replace(/^\S+\s+/, ''));
  return summary.replace(/^\S+\s+/, '');
}
