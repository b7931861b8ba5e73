/**
 * `npm run fleet -- <synth|preflight|diff|deploy|status> --shops <file> [--out <dir>]`: one command
 * over the account base and every shop of a shops file (infra/fleet/fleet.ts, docs/deploy.md "A
 * fleet of shops"). A dev tool: nothing in lambdas/ imports it.
 */
import { join } from 'node:path';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { REPO_ROOT } from '../deploy-config';
import { BASE_STACK_NAME, deploymentStackNames } from '../stack-names';
import { FLEET_COMMANDS, runFleet, type FleetCommand } from './fleet';
import { readShopsFile } from './shops-file';
import { readStackState } from './status';
import { toolkitActions } from './toolkit';

const USAGE = `Usage: npm run fleet -- <${FLEET_COMMANDS.join('|')}> --shops <file> [--out <dir>]`;

function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at < 0 ? undefined : argv[at + 1];
}

try {
  const argv = process.argv.slice(2);
  const command = argv[0] as FleetCommand;
  const shopsFile = option(argv, '--shops');
  if (!FLEET_COMMANDS.includes(command) || !shopsFile) throw new Error(USAGE);
  const targets = readShopsFile(shopsFile);
  const log = (line: string) => console.log(line);
  const region = targets[0]!.context.region!;
  const clients = {
    cloudformation: new CloudFormationClient({ region }),
    cloudwatch: new CloudWatchClient({ region }),
  };
  const { exitCode } = await runFleet(command, targets, {
    act: toolkitActions({
      outDir: option(argv, '--out') ?? join(REPO_ROOT, 'cdk.out', 'fleet'),
      log,
    }),
    readState: (target) =>
      readStackState(
        clients,
        target.base ? BASE_STACK_NAME : deploymentStackNames(target.context.shop).main,
      ),
    log,
  });
  process.exitCode = exitCode;
} catch (error) {
  // One line, never a stack trace.
  console.log(`fleet: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
