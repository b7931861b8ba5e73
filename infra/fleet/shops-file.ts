/**
 * The fleet's shops file (`npm run fleet -- <command> --shops <file>`, fleet.example.json): the
 * account's region, the account base's options and each shop with its options. Options are written
 * as `-c key=value` would give them (strings) and checked by the same parser as a single deploy
 * (infra/deploy-config.ts), so a bad value is refused with its shop's name before anything runs.
 */
import { readFileSync } from 'node:fs';
import * as z from '@shared/zod';
import { readDeployConfig } from '../deploy-config';

/** Option values as CDK context takes them from the command line. */
const optionsSchema = z.record(z.string(), z.string());

const shopsFileSchema = z.strictObject({
  /** The region of the base and every shop in the file. */
  region: z.string(),
  /** The account base's options (alarmEmail, smsMonthlySpendAlarmUsd). */
  base: optionsSchema.default({}),
  shops: z
    .array(z.strictObject({ shop: z.string(), options: optionsSchema.default({}) }))
    .min(1, 'lists no shop'),
});

/** One deployment the fleet runs: the account base, or a shop; its CDK context. */
export interface FleetTarget {
  /** `base`, or the shop's name. */
  readonly name: string;
  readonly base: boolean;
  readonly context: Readonly<Record<string, string>>;
}

/** The base first (shops import from it), then the shops in the file's order. */
export function readShopsFile(path: string): FleetTarget[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `The shops file ${path} could not be read as JSON (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
  const parsed = shopsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`The shops file ${path}: ${issue.path.join('.') || 'top'} ${issue.message}.`);
  }
  const { region, base, shops } = parsed.data;
  const targets: FleetTarget[] = [
    { name: 'base', base: true, context: { ...base, region, base: 'true' } },
    ...shops.map(({ shop, options }) => ({
      name: shop,
      base: false,
      context: { ...options, region, shop },
    })),
  ];
  const seen = new Set<string>();
  for (const target of targets) {
    if (seen.has(target.name))
      throw new Error(`The shops file ${path} names ${target.name} twice.`);
    seen.add(target.name);
    try {
      readDeployConfig((key) => target.context[key], {});
    } catch (error) {
      throw new Error(
        `The shops file ${path}, ${target.name}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
  return targets;
}
