/**
 * `npm run fleet -- <synth|preflight|diff|deploy|status> --shops <file>`: one command over the
 * account base and every shop of a shops file (infra/fleet/shops-file.ts), the base first. Each
 * deployment's progress is printed as it goes; a failed one is reported and the next one still
 * runs; the run ends with a table (shop, this run's result, stack status, URL, last deploy, alarms
 * in alarm) and exits 1 if anything failed. synth works offline (no AWS call: the table's AWS
 * columns say so); every other command reads the stacks afterwards. The actions come from
 * infra/fleet/toolkit.ts (AWS's programmatic CDK toolkit, the preflight); tests pass their own.
 */
import type { FleetTarget } from './shops-file';
import type { StackState } from './status';

export const FLEET_COMMANDS = ['synth', 'preflight', 'diff', 'deploy', 'status'] as const;
export type FleetCommand = (typeof FLEET_COMMANDS)[number];

export interface FleetDeps {
  /** Runs a command for one deployment; resolves to a short result, throws with what failed. */
  readonly act: (command: Exclude<FleetCommand, 'status'>, target: FleetTarget) => Promise<string>;
  /** The deployment's stack as CloudFormation and CloudWatch have it. */
  readonly readState: (target: FleetTarget) => Promise<StackState>;
  /** One line of progress or of the table. */
  readonly log: (line: string) => void;
}

interface FleetRow {
  readonly shop: string;
  readonly ok: boolean;
  readonly result: string;
  readonly state?: StackState;
  /** Why the state could not be read, if it could not. */
  readonly stateError?: string;
}

const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

export async function runFleet(
  command: FleetCommand,
  targets: readonly FleetTarget[],
  deps: FleetDeps,
): Promise<{ rows: FleetRow[]; exitCode: number }> {
  const rows: FleetRow[] = [];
  for (const [i, target] of targets.entries()) {
    const at = `[${i + 1}/${targets.length}] ${target.name}`;
    let ok = true;
    let result = 'read';
    if (command !== 'status') {
      deps.log(`${at}: ${command}...`);
      try {
        result = await deps.act(command, target);
        deps.log(`${at}: ${result}`);
      } catch (error) {
        ok = false;
        result = `FAILED: ${message(error)}`;
        deps.log(`${at}: ${result} (going on with the next)`);
      }
    }
    let state: StackState | undefined;
    let stateError: string | undefined;
    if (command !== 'synth') {
      try {
        state = await deps.readState(target);
      } catch (error) {
        ok = false;
        stateError = message(error);
        if (command === 'status') result = 'FAILED';
        deps.log(`${at}: could not read its stack: ${stateError}`);
      }
    }
    rows.push({ shop: target.name, ok, result, state, stateError });
  }
  for (const line of fleetTable(command, rows)) deps.log(line);
  const failed = rows.filter((r) => !r.ok).length;
  deps.log(
    failed === 0
      ? `${command}: all ${rows.length} done.`
      : `${command}: ${failed} of ${rows.length} failed (see above).`,
  );
  return { rows, exitCode: failed === 0 ? 0 : 1 };
}

/** The closing table, in plain columns. */
function fleetTable(command: FleetCommand, rows: readonly FleetRow[]): string[] {
  const offline = command === 'synth' ? 'offline' : '?';
  const cells = [
    ['shop', command, 'stack status', 'URL', 'last deploy', 'alarms in alarm'],
    ...rows.map((r) => [
      r.shop,
      r.result.length > 72 ? `${r.result.slice(0, 69)}...` : r.result,
      r.state?.status ?? (r.stateError ? 'unreadable' : offline),
      r.state?.url ?? '-',
      r.state?.lastDeploy?.toISOString().replace(/\.\d+Z$/, 'Z') ?? '-',
      r.state
        ? r.state.alarmsInAlarm.length === 0
          ? 'none'
          : r.state.alarmsInAlarm.join(', ')
        : '-',
    ]),
  ];
  const widths = cells[0]!.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join(' | ')
      .trimEnd();
  return [
    line(cells[0]!),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...cells.slice(1).map(line),
  ];
}
